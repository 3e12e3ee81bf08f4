// Which platform a quoted command line ran on, where the article names none or several.
import type { TemplatePlatform } from './builtin-input';

// Programs and paths only Unix systems have; and of those, only macOS. (wget is also a PowerShell alias, but one
// written with Unix switches or none, in an article about several systems, ran on Linux: cloud and container
// intrusions fetch their miners so.)
const UNIX_PROGRAMS =
  /^(?:\(?\s*)?(?:sudo\s+)?(?:systemctl|journalctl|crontab|chmod|chown|chattr|launchctl|osascript|xattr|ditto|dscl|defaults|plutil|apt(?:-get)?|yum|dnf|apk|ldd|nohup|xargs|bash|sh|zsh|wget|uname|base64|pkill|killall|socat)\b(?!.*\s-(?:OutFile|Uri|UseBasicParsing)\b)/i;
const UNIX_PATHS =
  /(?:^|[\s"'=@])(?:~\/|\/tmp\/|\/etc\/|\/usr\/|\/var\/|\/dev\/null|\/Library\/|\$HOME\b)|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b/;
const WINDOWS_MARKS = /[a-z]:\\|%\w+%|\bHK(?:LM|CU|CR|U|EY_\w+)\b|\.exe\b|\$env:/i;
const MACOS_MARKS = /\b(?:launchctl|osascript|xattr|ditto|dscl|defaults|plutil)\b|~\/Library\/|(?:^|\s)\/Library\/|\/Applications\//;

// Programs only Windows has, written bare (`net user`, `sc stop`): such a line ran on Windows whatever its neighbours.
const WINDOWS_ONLY_PROGRAMS =
  /^(?:net1?|sc|reg|schtasks|wmic|nltest|vssadmin|bcdedit|wevtutil|netsh|tasklist|taskkill|cmd|powershell|rundll32|regsvr32|mshta|certutil|bitsadmin|msiexec|wscript|cscript|cmstp|ipconfig|systeminfo|quser|qwinsta|klist|icacls|takeown|attrib|cipher|fsutil|mountvol|wbadmin|auditpol|dsquery|adfind|tscon|winrs|cmdkey|vaultcmd)(?:\.exe)?(?=\s|$)/i;

/**
 * The platform a command ran on. An article about several systems (or none named) quotes Windows and
 * Unix commands side by side: `systemctl --user enable …` or `find / -name .npmrc` is a Linux or macOS
 * process whatever the article's platform, and a Windows rule on `systemctl.exe` could never fire.
 */
export function commandPlatform(platform: TemplatePlatform, commandLine: string, unmarked: TemplatePlatform = platform): TemplatePlatform {
  if (platform !== 'cross-platform' && platform !== 'unknown') return platform;
  const marked = markedPlatform(commandLine);
  // A Windows line keeps the article's own word for it (its product is Windows either way).
  if (marked === 'windows' || (marked === null && WINDOWS_ONLY_PROGRAMS.test(commandLine.trim()))) return platform;
  return marked ?? unmarked;
}

/** The platform a command line's own programs and paths name, or null when it names none (`tar -zxf miner.tar.gz`). */
function markedPlatform(commandLine: string): TemplatePlatform | null {
  if (WINDOWS_MARKS.test(commandLine)) return 'windows';
  if (!(UNIX_PROGRAMS.test(commandLine.trim()) || UNIX_PATHS.test(commandLine))) return null;
  return MACOS_MARKS.test(commandLine) ? 'macos' : 'linux';
}

/**
 * Where an article names no platform, the platform its marked command lines agree on: the lines of a
 * container intrusion that name nothing (`tar -zxf …`, `./miner -o pool`) ran beside its `wget` and
 * `chmod` ones, not on Windows. Lines that disagree leave the unmarked ones as they were.
 */
export function unmarkedPlatform(platform: TemplatePlatform, commandLines: readonly string[]): TemplatePlatform {
  if (platform !== 'cross-platform' && platform !== 'unknown') return platform;
  const marked = commandLines.map(markedPlatform).filter((found): found is TemplatePlatform => found !== null);
  const agreed = new Set(marked);
  // Two marked lines at least: one `| bash` in an article of bare Windows commands says nothing about the rest.
  return agreed.size === 1 && marked.length >= 2 ? (marked[0] ?? platform) : platform;
}
