import { parseCommandLine } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';

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
    ...(parent ? { ParentImage: imageOf(parent, windows), ParentCommandLine: parent } : {}),
  };
}

/**
 * The Image a command line's program would run as: the program of its first stage as the shared
 * command-line model reads it (quotes removed, an unquoted `C:\Program Files\…\app.exe` whole). A bare
 * Windows program name runs from the system folder, with the extension Windows adds (`sc` runs `sc.exe`)
 * when the rule is for Windows telemetry; a bare Unix one from /usr/bin.
 */
export function imageOf(commandLine: string, windows: boolean): string {
  const trimmed = commandLine.trim();
  const program = parseCommandLine(trimmed, { platform: windows ? 'windows' : 'unix', firstStage: true }).invocations[0]?.program;
  // No program (a bare assignment) or a bracketed group: the first word as written.
  const first = program?.value && !/^[({]/.test(program.raw) ? program.value : (trimmed.split(/\s+/)[0] ?? trimmed);
  if (/[\\/]/.test(first)) return first;
  if (/\.(exe|com|bat|cmd|scr)$/i.test(first)) return `C:\\Windows\\System32\\${first}`;
  return windows ? `C:\\Windows\\System32\\${first}.exe` : `/usr/bin/${first}`;
}

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
  'netscan.exe': { OriginalFileName: 'netscan.exe', Description: 'Network Scanner', Product: 'Network Scanner', Company: 'SoftPerfect' },
};

/** The version resource a known program's file carries, or nothing for a program not known here. */
function versionInfoOf(fileName: string): Partial<VersionInfo> {
  return VERSION_INFO[fileName.toLowerCase()] ?? {};
}
