import { bareName, commandFacts, KNOWN_COMMANDS, type CommandFacts, type Invocation } from '@huntforge/observables';
/**
 * SigmaHQ-style titles that name the behaviour a command line shows ("Certutil.EXE Download From
 * Remote URL"), from the program and what its arguments do. The last entry of each program and the
 * generic fallback only name the program.
 */
interface Behaviour {
  image: RegExp;
  /** What the arguments must show: a pattern on the command lines, or a test of the facts the command-line model reads. */
  args?: RegExp | ((facts: CommandFacts[]) => boolean);
  title: string;
  /** The ATT&CK tags of the behaviour, where they differ from what the program is usually run for. */
  tags?: string[];
}

// reg.exe, sc, schtasks and wmic are read through libs/observables' command-line model, not by patterns on their arguments.
const regOperations = (facts: CommandFacts[]) => facts.flatMap((fact) => fact.registry).filter((operation) => operation.tool === 'reg');
/** A reg.exe operation on a key (and value name) the pattern names; `verb` narrows it to one sub-command. */
const regOn =
  (pattern: RegExp, verb?: string) =>
  (facts: CommandFacts[]): boolean =>
    regOperations(facts).some(
      (operation) =>
        (!verb || operation.invocation.subcommands[0]?.value.toLowerCase() === verb) &&
        pattern.test(`${operation.key}\\${operation.valueName ?? ''}`),
    );
const RUN_KEY = /\\run(once)?\b/i;
/** `Set-ItemProperty` / `New-ItemProperty` writing a value under a Run key (the cmdlets the model reads as a set). */
const powershellRunKeyWrite = (facts: CommandFacts[]): boolean =>
  facts
    .flatMap((fact) => fact.registry)
    .some(
      (operation) =>
        operation.tool === 'powershell' && operation.action === 'set' && RUN_KEY.test(`${operation.key}\\${operation.valueName ?? ''}`),
    );
const serviceAction =
  (managers: readonly string[], actions: readonly string[], remote = false) =>
  (facts: CommandFacts[]): boolean =>
    facts
      .flatMap((fact) => fact.services)
      .some(
        (service) =>
          managers.includes(service.manager) &&
          actions.includes(service.action) &&
          // `sc \\\\host create …`: the server sc talks to comes before the verb.
          (!remote || service.invocation.positionals.some((word) => word.start < service.nameWord.start && /^\\\\/.test(word.value))),
      );
const taskAction = (action: string) => (facts: CommandFacts[]) =>
  facts.flatMap((fact) => fact.tasks).some((task) => task.manager === 'schtasks' && task.action === action);
/** `net user <name> <password> /add`, `net localgroup <group> <name> /add`. */
const netAdds = (facts: CommandFacts[]) =>
  facts
    .flatMap((fact) => fact.invocations)
    .some(
      (invocation) =>
        (invocation.name === 'net' || invocation.name === 'net1') &&
        /^(?:user|localgroup)$/i.test(invocation.subcommands[0]?.value ?? '') &&
        invocation.switches.some((option) => option.name === '/add'),
    );
/** `net use …`, `net view …`: net's sub-command as the model reads it. */
const netSub = (verb: string) => (facts: CommandFacts[]) =>
  facts
    .flatMap((fact) => fact.invocations)
    .some(
      (invocation) => (invocation.name === 'net' || invocation.name === 'net1') && invocation.subcommands[0]?.value.toLowerCase() === verb,
    );
/** `wmic [/node:…] process call create …`: wmic's alias and verbs, as the model reads its sub-commands. */
const wmicVerbs =
  (...verbs: string[]) =>
  (facts: CommandFacts[]) =>
    facts
      .flatMap((fact) => fact.invocations)
      .some(
        (invocation) =>
          invocation.name === 'wmic' && verbs.every((verb, index) => invocation.subcommands[index]?.value.toLowerCase() === verb),
      );

const BEHAVIOURS: Behaviour[] = [
  { image: /^certutil\.exe$/i, args: /urlcache|verifyctl/i, title: 'Certutil.EXE Download From Remote URL' },
  { image: /^certutil\.exe$/i, args: /-decode|\/decode/i, title: 'Certutil.EXE File Decoding' },
  { image: /^bitsadmin\.exe$/i, args: /\/transfer|\/addfile/i, title: 'Bitsadmin.EXE File Download' },
  { image: /^(curl|wget)(\.exe)?$/i, args: /https?:|ftp:/i, title: '{Program} Download From Remote Host' },
  { image: /^mshta\.exe$/i, args: /https?:|javascript:|vbscript:/i, title: 'Mshta.EXE Execution Of Remote Or Inline Script' },
  { image: /^regsvr32\.exe$/i, args: /\/i:https?|scrobj/i, title: 'Regsvr32.EXE Remote Scriptlet Execution (Squiblydoo)' },
  { image: /^regsvr32\.exe$/i, args: /davwwwroot|@ssl\b|@\d+\\|\s\\\\[\w.-]/i, title: 'Regsvr32.EXE DLL Registration From A Remote Share' },
  { image: /^regsvr32\.exe$/i, title: 'Regsvr32.EXE DLL Registration From Unusual Location' },
  { image: /^rundll32\.exe$/i, args: /davwwwroot|@ssl|\\\\/i, title: 'Rundll32.EXE Execution Of DLL From WebDAV Share' },
  { image: /^rundll32\.exe$/i, title: 'Rundll32.EXE Execution Of DLL From Unusual Location' },
  { image: /^msiexec\.exe$/i, args: /https?:/i, title: 'Msiexec.EXE Installation From Remote URL' },
  {
    image: /^(powershell|pwsh)\.exe$/i,
    args: /-e(nc|ncodedcommand)?\s|frombase64string/i,
    title: 'PowerShell Encoded Or Base64-Decoded Command',
  },
  {
    image: /^(powershell|pwsh)\.exe$/i,
    args: /iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile|net\.webclient/i,
    title: 'PowerShell Download And Execute',
  },
  { image: /^(powershell|pwsh)\.exe$/i, args: /resolve-dnsname.*txt/i, title: 'PowerShell Payload Retrieval Via DNS TXT Record' },
  { image: /^(powershell|pwsh)\.exe$/i, args: powershellRunKeyWrite, title: 'Run Key Persistence Via PowerShell' },
  {
    image: /^(powershell|pwsh)\.exe$/i,
    args: /(set|add)-mppreference|windefend|\\sense\\|windows defender/i,
    title: 'Microsoft Defender Tampering Via PowerShell',
  },
  {
    image: /^(powershell|pwsh)\.exe$/i,
    args: /set-netconnectionprofile|set-netfirewall|netsh/i,
    title: 'Network Or Firewall Profile Change Via PowerShell',
  },
  { image: /^(powershell|pwsh)\.exe$/i, args: /get-ad\w+|adsisearcher/i, title: 'Active Directory Discovery Via PowerShell' },
  { image: /^(powershell|pwsh)\.exe$/i, args: /-w(indowstyle)?\s+hidden/i, title: 'Hidden PowerShell Window Running A Staged Script' },
  { image: /^(powershell|pwsh)\.exe$/i, title: 'PowerShell Command Run With The Reported Arguments' },
  { image: /^schtasks\.exe$/i, args: taskAction('create'), title: 'Scheduled Task Creation Via Schtasks.EXE' },
  { image: /^sc\.exe$/i, args: serviceAction(['sc'], ['create'], true), title: 'Remote Service Creation Via Sc.EXE' },
  { image: /^sc\.exe$/i, args: serviceAction(['sc'], ['create', 'config']), title: 'Service Creation Or Change Via Sc.EXE' },
  { image: /^(sc|net|net1)\.exe$/i, args: serviceAction(['sc', 'net'], ['stop', 'pause']), title: 'Service Stopped Via {Program}' },
  // Only a value written under a Run key starts a program at logon: reading or removing one is not persistence.
  { image: /^reg\.exe$/i, args: regOn(RUN_KEY, 'delete'), title: 'Startup Entry Removed From A Run Key Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(RUN_KEY, 'add'), title: 'Run Key Persistence Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(RUN_KEY, 'query'), title: 'Run Key Startup Entries Queried Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(/\\(sam|system|security)\\?$/i, 'save'), title: 'Registry Hive Dump Via Reg.EXE' },
  // What the key written is for, when no known step names the write (registry-families.ts).
  { image: /^reg\.exe$/i, args: regOn(/\\windows defender\\exclusions\\/i), title: 'Microsoft Defender Exclusion Changed Via Reg.EXE' },
  {
    image: /^reg\.exe$/i,
    args: regOn(/\\policies\\microsoft\\windows defender\b/i),
    title: 'Microsoft Defender Policy Changed Via Reg.EXE',
  },
  { image: /^reg\.exe$/i, args: regOn(/contextmenuhandlers\\epp\b/i), title: 'Microsoft Defender Scan Menu Changed Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(/\\terminal server\b|fdenytsconnections/i), title: 'Remote Desktop Setting Changed Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(/image file execution options/i), title: 'Image File Execution Options Set Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(/\\control\\lsa\b|\\wdigest\b/i), title: 'LSA Or WDigest Setting Changed Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(/\\policies\\system\b|\benablelua\b/i), title: 'User Account Control Setting Changed Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(/\\winlogon\b/i), title: 'Winlogon Setting Changed Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: regOn(/\\services\\/i), title: 'Service Configuration Changed Via Reg.EXE' },
  { image: /^reg\.exe$/i, title: 'Registry Modification Via Reg.EXE' },
  { image: /^(net|net1)\.exe$/i, args: netAdds, title: 'User Account Creation Via Net.EXE' },
  // `net use` maps a share: over WebDAV (`\\\\host@SSL\\…`, `@8888\\DavWWWRoot`) it is how payloads are pulled from the intruder's server.
  {
    image: /^(net|net1)\.exe$/i,
    args: /\buse\b.*(?:davwwwroot|@ssl\b|@\d+\\)/i,
    title: 'WebDAV Share Mapped Via Net.EXE',
    tags: ['attack.command-and-control', 'attack.t1105'],
  },
  {
    image: /^(net|net1)\.exe$/i,
    args: netSub('use'),
    title: 'Network Share Mapped Via Net.EXE',
    tags: ['attack.lateral-movement', 'attack.t1021.002'],
  },
  { image: /^(net|net1)\.exe$/i, title: 'Domain And Group Discovery Via Net.EXE' },
  { image: /^nltest\.exe$/i, title: 'Domain Trust Discovery Via Nltest.EXE' },
  { image: /^vssadmin\.exe$/i, args: /delete/i, title: 'Shadow Copy Deletion Via Vssadmin.EXE' },
  { image: /^wmic\.exe$/i, args: wmicVerbs('process', 'call', 'create'), title: 'Process Creation Via Wmic.EXE' },
  { image: /^finger\.exe$/i, title: 'Finger.EXE Retrieval Of Remote Commands' },
  { image: /^pcalua\.exe$/i, title: 'Pcalua.EXE Proxy Execution' },
  { image: /^(bash|sh|zsh)$/i, args: /base64/i, title: 'Shell Execution Of Base64-Decoded Payload' },
  { image: /^chmod$/i, args: /\+x|7\d\d/i, title: 'Executable Permission Set On Dropped File' },
  { image: /^crontab$/i, title: 'Cron Job Persistence Via Crontab' },
  { image: /^systemctl$/i, args: /enable|start/i, title: 'Systemd Service Enabled Or Started' },
  { image: /^osascript$/i, title: 'AppleScript Execution Via Osascript' },
  { image: /^xattr$/i, args: /quarantine/i, title: 'Gatekeeper Quarantine Attribute Removal Via Xattr' },
  { image: /^launchctl$/i, title: 'Launch Agent Or Daemon Loaded Via Launchctl' },
  // What intruders run these tools for, as write-ups show them (tune half of the shared corpus).
  { image: /^psexec(64)?\.exe$/i, title: 'Remote Execution Via {Program}' },
  { image: /^ping\.exe$/i, title: 'Remote Host Reachability Check Via Ping.EXE' },
  { image: /^conhost\.exe$/i, args: /--headless/i, title: 'Hidden Console Window Via Conhost.EXE --headless' },
  { image: /^conhost\.exe$/i, title: 'Command Run Through Conhost.EXE' },
  { image: /^schtasks\.exe$/i, args: taskAction('run'), title: 'Scheduled Task Started Via Schtasks.EXE' },
  { image: /^schtasks\.exe$/i, args: taskAction('delete'), title: 'Scheduled Task Deletion Via Schtasks.EXE' },
  { image: /^schtasks\.exe$/i, args: taskAction('change'), title: 'Scheduled Task Change Via Schtasks.EXE' },
  { image: /^systemctl$/i, args: /\b(stop|disable|mask)\b/i, title: 'Systemd Service Stopped Or Disabled' },
  { image: /^systemctl$/i, args: /daemon-reload/i, title: 'Systemd Units Reloaded After A Change' },
  { image: /^(nc|ncat|netcat)(\.exe)?$/i, args: /\s-[a-z]*e\s|\s-[a-z]*c\s/i, title: 'Reverse Shell Via Netcat' },
  { image: /^(nc|ncat|netcat)(\.exe)?$/i, title: 'Network Connection Via Netcat' },
  { image: /^tar$/i, args: /\s-?[a-z]*c/i, title: 'Archive Creation Via Tar' },
  { image: /^rm$/i, args: /history|\.bash_history|\/var\/log/i, title: 'Shell History Or Log Deletion Via Rm' },
  { image: /^rm$/i, title: 'File Deletion Via Rm' },
  { image: /^base64$/i, args: /\s-d\b|--decode/i, title: 'Payload Decoded Via Base64' },
  { image: /^base64$/i, title: 'Data Encoded Via Base64' },
  { image: /^ln$/i, args: /\.wants\/|\/systemd\//i, title: 'Systemd Unit Enabled Through A Symbolic Link' },
  { image: /^ln$/i, args: /\s-[a-z]*s/i, title: 'Symbolic Link Creation Via Ln' },
  { image: /^mv$/i, args: /\/(usr\/)?(s?bin|lib)\//i, title: 'File Moved Into A System Binary Folder' },
  { image: /^mv$/i, title: 'File Renamed Or Moved Via Mv' },
  { image: /^tee$/i, args: /\/etc\/|\.service\b|cron/i, title: 'System Configuration Written Via Tee' },
  { image: /^tee$/i, title: 'File Written Via Tee' },
  { image: /^mkdir$/i, args: /\s\/\.|\/\.[\w-]+/, title: 'Hidden Directory Creation Via Mkdir' },
  { image: /^mkdir$/i, args: /\/systemd\//i, title: 'Systemd Unit Directory Created Via Mkdir' },
  { image: /^(aws|aws\.exe)$/i, title: 'AWS CLI {Subcommand}' },
  // What everyday programs do to the file they are given ({File}: its name), when nothing above names more.
  { image: /^(cat|more|less|head|tail|strings|type)(\.exe)?$/i, title: 'File {File} Read Via {Program}' },
  { image: /^(vi|vim|nano|gedit|notepad)(\.exe)?$/i, title: 'File {File} Opened In An Editor Via {Program}' },
  { image: /^mkdir$/i, title: 'Directory {File} Created Via Mkdir' },
  { image: /^truncate$/i, title: 'File {File} Emptied Via Truncate' },
  { image: /^touch$/i, args: /\s-[a-z]*[rdt]\b/i, title: 'File Timestamp Changed Via Touch' },
  { image: /^(cp|copy|xcopy|robocopy)(\.exe)?$/i, title: 'File {File} Copied Via {Program}' },
  { image: /^(winrar|rar|7z|7za|zip)(\.exe)?$/i, title: 'Data Archived Via {Program}' },
  { image: /^(perl|python[23]?|ruby|php|node)(\.exe)?$/i, args: /\s-[a-z]*[ecr](?:\s|["'])/i, title: 'Inline Script Run Via {Program}' },
  { image: /^(perl|python[23]?|ruby|php|node)(\.exe)?$/i, title: 'Script {File} Run Via {Program}' },
  { image: /^(ls|dir|find)$/i, title: 'Files Listed Via {Program}' },
  { image: /^systeminfo\.exe$/i, title: 'System Information Discovery Via Systeminfo.EXE' },
  { image: /^wbadmin\.exe$/i, args: /\bstart\s+backup\b/i, title: 'Backup Started Via Wbadmin.EXE' },
  { image: /^wmic\.exe$/i, args: wmicVerbs('service'), title: 'Service Queried Or Changed Via Wmic.EXE' },
];

/** Programs' sub-commands as a title names them: `s3 cp` is `S3 Cp`. */
const titleCase = (words: string) =>
  words.replace(/(^|[\s-])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase());

/** `Certutil.EXE` for a Windows image, `Wget` for a Unix one. */
export const programLabel = (image: string): string => {
  const name = image.replace(/\.exe$/i, '');
  const capitalised = name.charAt(0).toUpperCase() + name.slice(1);
  return /\.exe$/i.test(image) ? `${capitalised}.EXE` : capitalised;
};

/**
 * The behaviour a single command line shows by the table above, or null when only the generic entries name it:
 * command lines of one program that show different behaviours (a Run-key write, a service change) are
 * different rules, each titled by what it does.
 */
export function knownBehaviour(image: string, commandLine: string): string | null {
  const shows = showsOf(image, [commandLine]);
  return BEHAVIOURS.find((b) => b.args !== undefined && b.image.test(image) && shows(b))?.title ?? null;
}

/** Whether the command lines show a table entry's arguments (the model's facts read once, when an entry asks). */
function showsOf(image: string, commandLines: readonly string[]): (behaviour: Behaviour) => boolean {
  let facts: CommandFacts[] | undefined;
  const joined = commandLines.join('\n');
  return ({ args }) => {
    if (!args) return true;
    if (args instanceof RegExp) return args.test(joined);
    facts ??= commandLines.map((line) => commandFacts(line, { platform: /\.exe$/i.test(image) ? 'windows' : 'unix' }));
    return args(facts);
  };
}

/** The ATT&CK tags the table gives the behaviour of a program's command lines, or null when it gives none. */
export function behaviourTags(image: string, commandLines: string[]): string[] | null {
  const shows = showsOf(image, commandLines);
  return BEHAVIOURS.find((b) => b.image.test(image) && shows(b))?.tags ?? null;
}

/** The behaviour title of a program's command lines; `commandLines` are what the rule selects on. */
export function behaviourTitle(image: string, commandLines: string[]): string {
  const shows = showsOf(image, commandLines);
  const found = BEHAVIOURS.find((b) => b.image.test(image) && shows(b));
  const windows = /\.exe$/i.test(image);
  const facts = commandLines.map((line) => commandFacts(line, { platform: windows ? 'windows' : 'unix' }));
  const own = facts.flatMap((fact) => fact.invocations).filter((invocation) => invocation.name === bareName(image));
  const subcommand = titleCase(
    own.map((invocation) => invocation.subcommands.map((word) => word.value.toLowerCase()).join(' ')).find(Boolean) ?? 'Command',
  );
  const file = fileOf(facts, windows, image, commandLines);
  // Without a file name the title names the kind of thing worked on ("File Read Via Cat").
  const title = (found?.title ?? fallbackTitle(facts, own, image, file)).replace(file ? '{File}' : / \{File\}/, file ?? '');
  return title.replace('{Program}', programLabel(image)).replace('{Subcommand}', subcommand);
}

/** The name of the first file a command line works on, when it reads as a file name. */
function fileOf(facts: CommandFacts[], windows: boolean, image: string, commandLines: string[]): string | null {
  // The program's own path (C:\\Program Files\\…\\psql.exe, read by the model as far as its first space) is not what it works on.
  const ownPath = (path: string) => commandLines.some((line) => line.trim().replace(/^"/, '').startsWith(path));
  return (
    facts
      .flatMap((fact) => fact.paths)
      .filter((path) => !ownPath(path))
      .map(
        (path) =>
          path
            .split(windows ? /[\\/]/ : /\//)
            .filter(Boolean)
            .at(-1) ?? '',
      )
      // The program's own path (C:\\Windows\\notepad.exe) is not what it works on.
      .find((name) => /^[\w.-]{3,40}$/.test(name) && name.toLowerCase() !== image.toLowerCase()) ?? null
  );
}

/**
 * A title from what the command line does when no behaviour above names it, read from the command-line model's
 * typed facts: the sub-command it runs, the host it reaches, the file it works on. A program no system ships
 * (the intruder's own tool) is named as such; never only "the program ran".
 */
function fallbackTitle(facts: CommandFacts[], own: Invocation[], image: string, file: string | null): string {
  const subcommands = own.map((invocation) => invocation.subcommands.map((word) => word.value).join(' ')).find(Boolean);
  if (subcommands) return '{Program} {Subcommand} Command';
  if (facts.some((fact) => fact.urls.length > 0 || fact.hosts.length > 0)) return '{Program} Reaching A Reported Host';
  const tool = !KNOWN_COMMANDS.has(bareName(image));
  if (tool)
    return file && file.toLowerCase() !== image.toLowerCase() ? 'Reported Tool {Program} Run On {File}' : 'Reported Tool {Program} Run';
  if (file) return '{Program} Run On {File}';
  return '{Program} Run With The Reported Arguments';
}
