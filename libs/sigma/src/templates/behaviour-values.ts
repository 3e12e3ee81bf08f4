import { bareName } from './command-program';

/**
 * The short values a detection engineer keys a program's command line on besides its specific ones: the switch
 * that makes the behaviour (`curl -o`, `regsvr32 /s`, `hdiutil attach -nobrowse`), the folder a payload is staged
 * in (`\AppData\Local\Temp\`, `/tmp/`), the payload's file type (`.msi`, `.dmg`) and `http` for a remote address
 * whatever its scheme. They are how the next intrusion does the same thing with other names; alone they are how
 * administrators work too, so they only ever complete a selection that has a value of this intrusion. Knowledge
 * goes here, not into ifs: per program, the switches that are its behaviour.
 */

// Switches (and sub-commands) that are the behaviour of a program, as a pattern on its command line.
const PROGRAM_SWITCHES: Readonly<Record<string, RegExp>> = {
  curl: /(?<=\s)(?:-[A-Za-z]*[oO]|--output|--remote-name|-fsSL|-sSL|-X\s*POST|--data-binary|--upload-file|-T|-F|-k|--insecure)(?=\s|$)/g,
  wget: /(?<=\s)(?:-[A-Za-z]*O|--output-document|--no-check-certificate|--post-file)(?=\s|$)/g,
  // The cmdlet's output, and how the host was started hidden and unchecked (`-w h -ep bypass`): the stealth is the behaviour.
  powershell:
    /(?<=\s)(?:-OutFile|-Destination|-InFile|-w(?:indowstyle)?\s+h(?:idden)?|-(?:ep|exec|executionpolicy)\s+bypass|-nop(?:rofile)?|-noni(?:nteractive)?)(?=\s|$)/gi,
  regsvr32: /(?<=\s)(?:[-/][sun](?=\s|$)|[-/]i:)/gi,
  msiexec: /(?<=\s)(?:[-/]i|[-/]q[nb]?|[-/]quiet|[-/]package)(?=\s|$)/gi,
  hdiutil: /\sattach(?=\s)|(?<=\s)(?:-nobrowse|-mountpoint)(?=\s|$)/gi,
  net: /\suse\s/gi,
  net1: /\suse\s/gi,
  base64: /(?<=\s)(?:-d|-D|--decode)(?=\s|$)/g,
  osascript: /display dialog|hidden answer|with administrator privileges/gi,
  security: /(?<=\s)(?:find-generic-password|find-internet-password|dump-keychain)(?=\s|$)/gi,
  conhost: /(?<=\s)--headless(?=\s|$)/gi,
  rundll32: /,#\d+(?=\s|$|["'])/g,
  mshta: /\b(?:vbscript|javascript):/gi,
  vssadmin: /(?<=\s)[-/](?:all|quiet)(?=\s|$)/gi,
  schtasks: /(?<=\s)[-/](?:create|change|disable|tr|run)(?=\s|$)/gi,
  bcdedit: /(?<=\s)[-/]set(?=\s|$)/gi,
  // Killing by image name, forced (SigmaHQ keys ` /f` and ` /im`): the process named is this intrusion's pick.
  taskkill: /(?<=\s)[-/](?:f|im)(?=\s|$)/gi,
  // Creating a service from a binary path (SigmaHQ's sc_create_service: `create` with `binPath`).
  sc: /\screate\s|(?<=\s)binPath(?==)/gi,
  // Sysinternals run unattended (the licence accepted on the command line), LSASS dumped whole (` -ma`).
  psexec: /(?<=\s)[-/]accepteula(?=\s|$)/gi,
  psexec64: /(?<=\s)[-/]accepteula(?=\s|$)/gi,
  procdump: /(?<=\s)[-/](?:ma|accepteula)(?=\s|$)/gi,
  procdump64: /(?<=\s)[-/](?:ma|accepteula)(?=\s|$)/gi,
  // AnyDesk installed to start with Windows, silently (SigmaHQ's anydesk_silent_install).
  anydesk: /(?<=\s)--(?:start-with-win|silent)(?=\s|$)/gi,
  // How exfiltration runs rclone (SigmaHQ's rclone rules): skip what is there, ask nothing, many streams at once.
  rclone: /(?<=\s)(?:--ignore-existing|--auto-confirm|--transfers|--multi-thread-streams|--no-check-certificate)(?=\s|=|$)/gi,
};

// Folders payloads are staged in, as a command line writes them; a user's own folder is cut off before (stableParts).
const STAGING_FOLDERS =
  /\\AppData\\Local\\Temp\\|\\AppData\\Roaming\\|\\AppData\\Local\\(?!Temp\\)|%(?:temp|tmp|appdata|localappdata|public|programdata)%|\\Users\\Public\\|\\ProgramData\\|\\Windows\\Temp\\|\\Downloads\\|(?<![\w.])\/(?:var\/)?tmp\/|\/dev\/shm\/|\/Library\/LaunchAgents\//gi;

// File types a payload, a lure or a staged archive has (not `.exe`: every program's own name carries it).
const PAYLOAD_TYPE =
  /\.(?:msi|dll|dat|bin|ps1|bat|cmd|vbs|vbe|js|jse|wsf|hta|lnk|zip|rar|7z|iso|img|vhdx?|dmg|pkg|sh|py|pdf|jar|scr|cpl)(?=$|[\s"'?#&,;)|\\])/gi;

const REMOTE = /\bhttps?:\/\//i;

/** Each match of a pattern once, as written in the text (the first spelling), in the order they appear. */
function matchesOf(pattern: RegExp, text: string): string[] {
  pattern.lastIndex = 0;
  const found: string[] = [];
  for (const match of text.matchAll(pattern)) {
    if (!found.some((seen) => seen.toLowerCase() === match[0].toLowerCase())) found.push(match[0]);
  }
  return found;
}

/**
 * The behaviour values of one program's command line (see above), each a substring of it as written: the program's
 * behaviour switches, the staging folders, the payload types its arguments name and `http` for a URL.
 * `arguments` is the command line after the program's own word (a run's image is not its payload).
 */
export function behaviourValues(image: string, commandLine: string, viaPowerShell: boolean): string[] {
  const program = viaPowerShell
    ? 'powershell'
    : bareName(image)
        .toLowerCase()
        .replace(/^pwsh$/, 'powershell');
  const start = viaPowerShell ? 0 : commandLine.search(/\s|$/);
  const args = ` ${commandLine.slice(start)} `;
  const switches = PROGRAM_SWITCHES[program];
  return [
    // A sub-command keeps the blanks around it (` use `), so it is not read inside another word (`user`).
    ...(switches ? matchesOf(switches, args).map((value) => (/^\s*[A-Za-z]/.test(value) ? value : value.trim())) : []),
    ...matchesOf(STAGING_FOLDERS, args),
    ...matchesOf(PAYLOAD_TYPE, args),
    ...(REMOTE.test(args) ? ['http'] : []),
  ].filter((value) => value.length > 0 && commandLine.toLowerCase().includes(value.toLowerCase()));
}

/** The behaviour switches alone (`vssadmin … /all /quiet`): how a known technique was run, without its payload. */
export function behaviourSwitchesOf(image: string, commandLine: string): string[] {
  const switches = PROGRAM_SWITCHES[bareName(image).toLowerCase()];
  const args = ` ${commandLine.slice(commandLine.search(/\s|$/))} `;
  return switches ? matchesOf(switches, args).map((value) => (/^\s*[A-Za-z]/.test(value) ? value : value.trim())) : [];
}

/** A value that is a URL scheme alone (`https://`, what is left of a URL once its host is cut): an engineer writes `http`. */
export const isBareScheme = (value: string): boolean => /^(?:https?|hxxps?):\/\/$/i.test(value.trim());
