/**
 * What a Windows program's file says about itself in its version resource, as Sysmon copies it into a process
 * event (OriginalFileName, Description, Product, Company): a renamed copy of a program keeps it, so an engineer's
 * program selection is `Image|endswith` OR `OriginalFileName` (SigmaHQ's selection_img). One table: the generator
 * writes program selections from it and the synthetic telemetry the self-test replays fills the fields from it.
 */
export interface VersionInfo {
  OriginalFileName: string;
  Description: string;
  Product: string;
  Company: string;
}

const WINDOWS = { Product: 'Microsoft® Windows® Operating System', Company: 'Microsoft Corporation' };
const SYSINTERNALS = { Company: 'Sysinternals - www.sysinternals.com' };

// The version resource of programs intruders run, as Sysmon copies it into a process event: rules on a renamed
// or a remote-access tool read Description, Product or Company, not the file name.
export const VERSION_INFO: Record<string, VersionInfo> = {
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
  'adfind.exe': { OriginalFileName: 'AdFind.exe', Description: 'Joeware ADFind', Product: 'AdFind', Company: 'www.joeware.net' },
  'winscp.exe': {
    OriginalFileName: 'winscp.exe',
    Description: 'WinSCP: SFTP, FTP, WebDAV, S3 and SCP client',
    Product: 'WinSCP',
    Company: 'Martin Prikryl',
  },
  'megasync.exe': { OriginalFileName: 'megasync.exe', Description: 'MEGAsync', Product: 'MEGAsync', Company: 'Mega Limited' },
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

// Windows' own programs intruders and lures run, with the name their version resource gives (SigmaHQ's
// OriginalFileName values): a renamed copy keeps it.
const WINDOWS_ORIGINAL_NAMES: Record<string, string> = {
  'explorer.exe': 'EXPLORER.EXE',
  'conhost.exe': 'CONHOST.EXE',
  'finger.exe': 'finger.exe',
  'hh.exe': 'HH.exe',
  'forfiles.exe': 'forfiles.exe',
  'wevtutil.exe': 'wevtutil.exe',
  'bcdedit.exe': 'bcdedit.exe',
  'wbadmin.exe': 'WBADMIN.EXE',
  'icacls.exe': 'iCACLS.EXE',
  'takeown.exe': 'takeown.exe',
  'attrib.exe': 'ATTRIB.EXE',
  'tasklist.exe': 'tasklist.exe',
  'taskkill.exe': 'taskkill.exe',
  'ipconfig.exe': 'ipconfig.exe',
  'systeminfo.exe': 'sysinfo.exe',
  'quser.exe': 'quser.exe',
  'qwinsta.exe': 'qwinsta.exe',
  'ping.exe': 'ping.exe',
  'nslookup.exe': 'nslookup.exe',
  'netstat.exe': 'netstat.exe',
  'findstr.exe': 'FINDSTR.EXE',
  'esentutl.exe': 'esentutl.exe',
  'ntdsutil.exe': 'ntdsutil.exe',
  'cmstp.exe': 'CMSTP.EXE',
  'odbcconf.exe': 'odbcconf.exe',
  'regasm.exe': 'RegAsm.exe',
  'regsvcs.exe': 'RegSvcs.exe',
  'fsutil.exe': 'fsutil.exe',
  'cipher.exe': 'CIPHER.EXE',
  'diskshadow.exe': 'diskshadow.exe',
  'auditpol.exe': 'AUDITPOL.EXE',
  'klist.exe': 'klist.exe',
  'cmdkey.exe': 'cmdkey.exe',
  'msdt.exe': 'msdt.exe',
};

/** The version resource a known program's file carries, or nothing for a program not known here. */
export function versionInfoOf(fileName: string): Partial<VersionInfo> {
  return VERSION_INFO[fileName.toLowerCase()] ?? {};
}

/** The OriginalFileName of a Windows program (`certutil.exe` is `CertUtil.exe`), or null when not known here. */
export function originalFileNameOf(fileName: string): string | null {
  const lower = fileName.toLowerCase();
  return VERSION_INFO[lower]?.OriginalFileName ?? WINDOWS_ORIGINAL_NAMES[lower] ?? null;
}

/** Every program of the table with its OriginalFileName, lower-case file name first. */
export function originalFileNames(): Array<[string, string]> {
  return [
    ...Object.entries(VERSION_INFO).map(([file, info]) => [file, info.OriginalFileName] as [string, string]),
    ...Object.entries(WINDOWS_ORIGINAL_NAMES),
  ];
}
