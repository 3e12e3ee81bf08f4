import { parseCommandLine } from '@huntforge/observables';
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
    OriginalFileName: fileName,
    ...versionInfoOf(fileName),
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

interface VersionInfo {
  OriginalFileName: string;
  Description: string;
  Product: string;
  Company: string;
}

const WINDOWS = { Product: 'Microsoft® Windows® Operating System', Company: 'Microsoft Corporation' };
const SYSINTERNALS = { Company: 'Sysinternals - www.sysinternals.com' };

// The version resource of programs intruders run, as Sysmon copies it into a process event: rules on a renamed
// or a remote-access tool read Description, Product or Company, not the file name.
const VERSION_INFO: Record<string, VersionInfo> = {
  'powershell.exe': { OriginalFileName: 'PowerShell.EXE', Description: 'Windows PowerShell', ...WINDOWS },
  'pwsh.exe': { OriginalFileName: 'pwsh.dll', Description: 'pwsh', Product: 'PowerShell', Company: 'Microsoft Corporation' },
  'cmd.exe': { OriginalFileName: 'Cmd.Exe', Description: 'Windows Command Processor', ...WINDOWS },
  'rundll32.exe': { OriginalFileName: 'RUNDLL32.EXE', Description: 'Windows host process (Rundll32)', ...WINDOWS },
  'regsvr32.exe': { OriginalFileName: 'REGSVR32.EXE', Description: 'Microsoft(C) Register Server', ...WINDOWS },
  'mshta.exe': { OriginalFileName: 'MSHTA.EXE', Description: 'Microsoft (R) HTML Application host', ...WINDOWS },
  'wmic.exe': { OriginalFileName: 'wmic.exe', Description: 'WMI Commandline Utility', ...WINDOWS },
  'certutil.exe': { OriginalFileName: 'CertUtil.exe', Description: 'CertUtil.exe', ...WINDOWS },
  'psexec.exe': {
    OriginalFileName: 'psexec.c',
    Description: 'Execute processes remotely',
    Product: 'Sysinternals PsExec',
    ...SYSINTERNALS,
  },
  'psexec64.exe': {
    OriginalFileName: 'psexec.c',
    Description: 'Execute processes remotely',
    Product: 'Sysinternals PsExec',
    ...SYSINTERNALS,
  },
  'procdump.exe': { OriginalFileName: 'procdump', Description: 'Sysinternals process dump utility', Product: 'ProcDump', ...SYSINTERNALS },
  'procdump64.exe': {
    OriginalFileName: 'procdump',
    Description: 'Sysinternals process dump utility',
    Product: 'ProcDump',
    ...SYSINTERNALS,
  },
  'plink.exe': {
    OriginalFileName: 'Plink',
    Description: 'Command-line SSH, Telnet, and Rlogin client',
    Product: 'PuTTY suite',
    Company: 'Simon Tatham',
  },
  'rclone.exe': {
    OriginalFileName: 'rclone.exe',
    Description: 'Rsync for cloud storage',
    Product: 'Rclone',
    Company: 'https://rclone.org',
  },
  'anydesk.exe': { OriginalFileName: 'AnyDesk.exe', Description: 'AnyDesk', Product: 'AnyDesk', Company: 'AnyDesk Software GmbH' },
  '7z.exe': { OriginalFileName: '7z.exe', Description: '7-Zip Console', Product: '7-Zip', Company: 'Igor Pavlov' },
  'rar.exe': { OriginalFileName: 'Rar.exe', Description: 'Command line RAR', Product: 'WinRAR', Company: 'Alexander Roshal' },
  'mimikatz.exe': {
    OriginalFileName: 'mimikatz.exe',
    Description: 'mimikatz for Windows',
    Product: 'mimikatz',
    Company: 'gentilkiwi (Benjamin DELPY)',
  },
  'screenconnect.clientservice.exe': {
    OriginalFileName: 'ScreenConnect.ClientService.exe',
    Description: 'ScreenConnect Service',
    Product: 'ScreenConnect',
    Company: 'ScreenConnect Software',
  },
  'netscan.exe': {
    OriginalFileName: 'netscan.exe',
    Description: 'Application for scanning networks',
    Product: 'Network Scanner',
    Company: 'SoftPerfect',
  },
  'curl.exe': {
    OriginalFileName: 'curl.exe',
    Description: 'The curl executable',
    Product: 'The curl executable',
    Company: 'curl, https://curl.se/',
  },
  'advanced_ip_scanner.exe': {
    OriginalFileName: 'advanced_ip_scanner.exe',
    Description: 'Advanced IP Scanner',
    Product: 'Advanced IP Scanner',
    Company: 'Famatech Corp.',
  },
  'advanced_port_scanner.exe': {
    OriginalFileName: 'advanced_port_scanner.exe',
    Description: 'Advanced Port Scanner',
    Product: 'Advanced Port Scanner',
    Company: 'Famatech Corp.',
  },
  'rubeus.exe': { OriginalFileName: 'Rubeus.exe', Description: 'Rubeus', Product: 'Rubeus', Company: '' },
  'seatbelt.exe': { OriginalFileName: 'Seatbelt.exe', Description: 'Seatbelt', Product: 'Seatbelt', Company: '' },
  'sharphound.exe': { OriginalFileName: 'SharpHound.exe', Description: 'SharpHound', Product: 'SharpHound', Company: 'SpecterOps' },
  'sharpup.exe': { OriginalFileName: 'SharpUp.exe', Description: 'SharpUp', Product: 'SharpUp', Company: '' },
  'certify.exe': { OriginalFileName: 'Certify.exe', Description: 'Certify', Product: 'Certify', Company: '' },
  'safetykatz.exe': { OriginalFileName: 'SafetyKatz.exe', Description: 'SafetyKatz', Product: 'SafetyKatz', Company: '' },
  'pingcastle.exe': { OriginalFileName: 'PingCastle.exe', Description: 'Ping Castle', Product: 'Ping Castle', Company: 'Ping Castle' },
  'adexplorer.exe': {
    OriginalFileName: 'AdExp',
    Description: 'Active Directory Editor',
    Product: 'Sysinternals ADExplorer',
    ...SYSINTERNALS,
  },
  'adexplorer64.exe': {
    OriginalFileName: 'AdExp',
    Description: 'Active Directory Editor',
    Product: 'Sysinternals ADExplorer',
    ...SYSINTERNALS,
  },
  'accesschk.exe': {
    OriginalFileName: 'accesschk.exe',
    Description: 'Reports effective permissions for securable objects',
    Product: 'Sysinternals AccessChk',
    ...SYSINTERNALS,
  },
  'processhacker.exe': {
    OriginalFileName: 'ProcessHacker.exe',
    Description: 'Process Hacker',
    Product: 'Process Hacker',
    Company: 'wj32',
  },
  'systeminformer.exe': {
    OriginalFileName: 'SystemInformer.exe',
    Description: 'System Informer',
    Product: 'System Informer',
    Company: 'Winsider Seminars & Solutions, Inc.',
  },
  'client32.exe': {
    OriginalFileName: 'client32.exe',
    Description: 'NetSupport Client Application',
    Product: 'NetSupport Remote Control',
    Company: 'NetSupport Ltd',
  },
  'radmin.exe': { OriginalFileName: 'Radmin.exe', Description: 'Radmin Viewer', Product: 'Radmin Viewer', Company: 'Famatech Corp.' },
  'paexec.exe': { OriginalFileName: 'PAExec.exe', Description: 'PAExec Application', Product: 'PAExec', Company: 'Power Admin LLC' },
  'gpg.exe': {
    OriginalFileName: 'gpg.exe',
    Description: 'GnuPG’s OpenPGP tool',
    Product: 'GNU Privacy Guard (GnuPG)',
    Company: 'g10 Code GmbH',
  },
  'node.exe': { OriginalFileName: 'node.exe', Description: 'Node.js JavaScript Runtime', Product: 'Node.js', Company: 'Node.js' },
  'ssh.exe': {
    OriginalFileName: 'ssh.exe',
    Description: 'OpenSSH SSH client',
    Product: 'OpenSSH for Windows',
    Company: 'Microsoft Corporation',
  },
  'setspn.exe': {
    OriginalFileName: 'setspn.exe',
    Description: 'Query or reset the computer SPN attribute',
    ...WINDOWS,
  },
  'mpcmdrun.exe': {
    OriginalFileName: 'MpCmdRun.exe',
    Description: 'Microsoft Malware Protection Command Line Utility',
    Product: 'Microsoft Malware Protection',
    Company: 'Microsoft Corporation',
  },
  'winrar.exe': { OriginalFileName: 'WinRAR.exe', Description: 'WinRAR archiver', Product: 'WinRAR', Company: 'Alexander Roshal' },
  '7za.exe': { OriginalFileName: '7za.exe', Description: '7-Zip Standalone Console', Product: '7-Zip', Company: 'Igor Pavlov' },
  '7zr.exe': { OriginalFileName: '7zr.exe', Description: '7-Zip Reduced Standalone Console', Product: '7-Zip', Company: 'Igor Pavlov' },
  'webbrowserpassview.exe': {
    OriginalFileName: 'WebBrowserPassView.exe',
    Description: 'Web Browser Password Viewer',
    Product: 'WebBrowserPassView',
    Company: 'NirSoft',
  },
  'ultraviewer_desktop.exe': {
    OriginalFileName: 'UltraViewer_Desktop.exe',
    Description: 'UltraViewer',
    Product: 'UltraViewer',
    Company: 'DucFabulous Co,ltd',
  },
  'sysmon.exe': { OriginalFileName: 'Sysmon.exe', Description: 'System activity monitor', Product: 'Sysinternals Sysmon', ...SYSINTERNALS },
  'sysmon64.exe': {
    OriginalFileName: 'Sysmon.exe',
    Description: 'System activity monitor',
    Product: 'Sysinternals Sysmon',
    ...SYSINTERNALS,
  },
  'powershell_ise.exe': { OriginalFileName: 'powershell_ise.EXE', Description: 'Windows PowerShell ISE', ...WINDOWS },
  'wmiprvse.exe': { OriginalFileName: 'Wmiprvse.exe', Description: 'WMI Provider Host', ...WINDOWS },
  'net.exe': { OriginalFileName: 'net.exe', Description: 'Net Command', ...WINDOWS },
  'net1.exe': { OriginalFileName: 'net1.exe', Description: 'Net Command', ...WINDOWS },
  'reg.exe': { OriginalFileName: 'reg.exe', Description: 'Registry Console Tool', ...WINDOWS },
  'schtasks.exe': { OriginalFileName: 'schtasks.exe', Description: 'Task Scheduler Configuration Tool', ...WINDOWS },
  'sc.exe': { OriginalFileName: 'sc.exe', Description: 'Service Control Manager Configuration Tool', ...WINDOWS },
  'whoami.exe': { OriginalFileName: 'whoami.exe', Description: 'whoami - displays logged on user information', ...WINDOWS },
  'nltest.exe': { OriginalFileName: 'nltestrk.exe', Description: 'Microsoft® Logon Server Test Utility', ...WINDOWS },
  'vssadmin.exe': {
    OriginalFileName: 'VSSADMIN.EXE',
    Description: 'Command Line Interface for Microsoft® Volume Shadow Copy Service ',
    ...WINDOWS,
  },
  'bitsadmin.exe': { OriginalFileName: 'bitsadmin.exe', Description: 'BITS administration utility', ...WINDOWS },
  'netsh.exe': { OriginalFileName: 'netsh.exe', Description: 'Network Command Shell', ...WINDOWS },
  'msiexec.exe': { OriginalFileName: 'msiexec.exe', Description: 'Windows® installer', ...WINDOWS },
  'cscript.exe': { OriginalFileName: 'cscript.exe', Description: 'Microsoft ® Console Based Script Host', ...WINDOWS },
  'wscript.exe': { OriginalFileName: 'wscript.exe', Description: 'Microsoft ® Windows Based Script Host', ...WINDOWS },
  'msbuild.exe': {
    OriginalFileName: 'MSBuild.exe',
    Description: 'MSBuild.exe',
    Product: 'Microsoft® .NET Framework',
    Company: 'Microsoft Corporation',
  },
  'installutil.exe': {
    OriginalFileName: 'InstallUtil.exe',
    Description: 'Microsoft .NET Framework installation utility',
    Product: 'Microsoft® .NET Framework',
    Company: 'Microsoft Corporation',
  },
};

/** The version resource a known program's file carries, or nothing for a program not known here. */
function versionInfoOf(fileName: string): Partial<VersionInfo> {
  return VERSION_INFO[fileName.toLowerCase()] ?? {};
}
