import { parseCommandLine } from '@huntforge/observables';
import { originalFileNameOf, versionInfoOf } from '../templates/program-version-info';
import type { SigmaEvent } from './event-fields';
import { COM_PROGRAMS, DROPPED_FOLDER, WINDOWS_PROGRAMS } from './windows-programs';

/** A process_creation event for a command line: Image from its first token, OriginalFileName its file name. */
export function processEventOn(windows: boolean, commandLine: string, parent: string | null): SigmaEvent {
  const image = imageOf(commandLine, windows);
  const fileName = image.split(/[\\/]/).pop() ?? image;
  return {
    EventID: 1,
    CommandLine: commandLine,
    Image: image,
    ...versionInfoOf(fileName),
    // Sysmon copies the name the file's version resource gives (systeminfo.exe is sysinfo.exe), else the file's own.
    OriginalFileName: originalFileNameOf(fileName) ?? fileName,
    ...(windows ? OPERATOR : {}),
    ...(parent ? { ParentImage: imageOf(parent, windows), ParentCommandLine: parent } : {}),
  };
}

// The account Sysmon records on every Windows process: an intruder's commands run in an elevated session of a
// domain account (a service, a SYSTEM task or `psexec -s` overrides it, see relayed-execution.ts). Rules that leave
// out processes without a logon session (`LogonId: null`) read it.
const OPERATOR = { User: 'CONTOSO\\user', IntegrityLevel: 'High', LogonId: '0x4c1b2' };

/**
 * The Image a command line's program would run as: the program of its first stage as the shared
 * command-line model reads it (quotes removed, an unquoted `C:\Program Files\…\app.exe` whole). A bare
 * Windows program name runs from the system folder, with the extension Windows adds (`sc` runs `sc.exe`,
 * `chcp` runs `chcp.com`) when the rule is for Windows telemetry; a bare name Windows does not ship (a tool the
 * intruder brought) from the shell's working directory (windows-programs.ts); a bare Unix one from /usr/bin.
 */
export function imageOf(commandLine: string, windows: boolean): string {
  const trimmed = commandLine.trim();
  const program = parseCommandLine(trimmed, { platform: windows ? 'windows' : 'unix', firstStage: true }).invocations[0]?.program;
  // No program (a bare assignment) or a bracketed group: the first word as written.
  const first = program?.value && !/^[({]/.test(program.raw) ? program.value : (trimmed.split(/\s+/)[0] ?? trimmed);
  if (/[\\/]/.test(first)) return first;
  if (!windows && !/\.(exe|com|bat|cmd|scr)$/i.test(first)) return `/usr/bin/${first}`;
  const bare = first.replace(/\.(exe|com)$/i, '').toLowerCase();
  const file = /\.(exe|com|bat|cmd|scr)$/i.test(first) ? first : `${first}.${COM_PROGRAMS.has(bare) ? 'com' : 'exe'}`;
  const folder = SYSTEM_FOLDERS[file.toLowerCase()] ?? (WINDOWS_PROGRAMS.has(bare) ? 'C:\\Windows\\System32' : DROPPED_FOLDER);
  return `${folder}\\${file}`;
}

// Windows programs that do not live in System32 itself: a bare name runs from the folder the system's path finds it in.
const SYSTEM_FOLDERS: Record<string, string> = {
  'powershell.exe': 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0',
  'powershell_ise.exe': 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0',
  'wmic.exe': 'C:\\Windows\\System32\\wbem',
  'wmiprvse.exe': 'C:\\Windows\\System32\\wbem',
  'explorer.exe': 'C:\\Windows',
  'regedit.exe': 'C:\\Windows',
  'hh.exe': 'C:\\Windows',
  'msbuild.exe': 'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319',
  'csc.exe': 'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319',
  'vbc.exe': 'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319',
  'installutil.exe': 'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319',
  'regasm.exe': 'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319',
  'regsvcs.exe': 'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319',
  'aspnet_compiler.exe': 'C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319',
  'mpcmdrun.exe': 'C:\\Program Files\\Windows Defender',
  'appcmd.exe': 'C:\\Windows\\System32\\inetsrv',
  'w3wp.exe': 'C:\\Windows\\System32\\inetsrv',
  'ssh.exe': 'C:\\Windows\\System32\\OpenSSH',
  'scp.exe': 'C:\\Windows\\System32\\OpenSSH',
  'sftp.exe': 'C:\\Windows\\System32\\OpenSSH',
  'ssh-keygen.exe': 'C:\\Windows\\System32\\OpenSSH',
  // Applications installed under Program Files that start intruders' first processes (a document, a browser download).
  ...Object.fromEntries(
    ['winword', 'excel', 'powerpnt', 'outlook', 'msaccess', 'mspub', 'onenote', 'visio'].map((name) => [
      `${name}.exe`,
      'C:\\Program Files\\Microsoft Office\\root\\Office16',
    ]),
  ),
  'chrome.exe': 'C:\\Program Files\\Google\\Chrome\\Application',
  'msedge.exe': 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application',
  'firefox.exe': 'C:\\Program Files\\Mozilla Firefox',
  'iexplore.exe': 'C:\\Program Files\\Internet Explorer',
  'acrord32.exe': 'C:\\Program Files (x86)\\Adobe\\Acrobat Reader DC\\Reader',
  'sqlservr.exe': 'C:\\Program Files\\Microsoft SQL Server\\MSSQL15.MSSQLSERVER\\MSSQL\\Binn',
  'java.exe': 'C:\\Program Files\\Java\\jre\\bin',
  'javaw.exe': 'C:\\Program Files\\Java\\jre\\bin',
};
