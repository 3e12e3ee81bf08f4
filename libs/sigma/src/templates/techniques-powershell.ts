import type { Technique } from './technique';

/** How a script runs what it fetched or decoded: `IEX (…)`, `… | iex`, `Invoke-Expression`. */
const INVOKES = ['iex ', 'iex(', '|iex', '| iex', 'Invoke-Expression'];
// The two spellings of running a string as code that every cradle rule keeps, whichever the intruder typed.
const INVOKES_KEPT = ['iex ', 'Invoke-Expression'];
const INVOKES_PATTERN = /\biex\b\s*[($]|\biex\s|\|\s*iex\b|\binvoke-expression\b/i;
/** Folders any user can write, as PowerShell code names them. */
const USER_WRITABLE = [
  '$env:TEMP',
  '$env:TMP',
  '$env:APPDATA',
  '$env:LOCALAPPDATA',
  '$env:PUBLIC',
  '$env:ProgramData',
  '\\AppData\\',
  '\\Temp\\',
  '\\Users\\Public\\',
  '\\ProgramData\\',
];
const USER_WRITABLE_PATTERN = /\$env:(?:te?mp|appdata|localappdata|public|programdata)\b|\\(?:AppData|Temp|Users\\Public|ProgramData)\\/i;

/**
 * What PowerShell code does inside its own process: fetching and running a script, patching AMSI, loading an
 * assembly from memory, reading stored credentials. These show in the command line only when the code is passed
 * with -Command, but the script block log (4104) records them however the code came (typed, encoded, a script
 * file): each one also gets its ps_script rule (script-blocks.ts). Keyed on the code that makes the step
 * malicious, never on the URL or the file of one intrusion.
 */
export const POWERSHELL_TECHNIQUES: readonly Technique[] = [
  {
    id: 'powershell-download-cradle',
    product: 'windows',
    programs: [],
    scriptBlock: true,
    // A pipeline (`irm … | iex`) runs each stage as its own cmdlet: the whole line shows the cradle.
    wholeLine: true,
    when: new RegExp(
      `(?:${INVOKES_PATTERN.source})[^;]*\\b(?:downloadstring|downloaddata|invoke-webrequest|invoke-restmethod|iwr|irm|net\\.webclient)\\b|\\b(?:downloadstring|downloaddata|invoke-webrequest|invoke-restmethod|iwr|irm)\\b[^;]*\\|\\s*(?:iex|invoke-expression)\\b`,
      'i',
    ),
    selections: [
      { 'CommandLine|contains': INVOKES },
      {
        'CommandLine|contains': [
          'DownloadString',
          'DownloadData',
          'Invoke-WebRequest',
          'Invoke-RestMethod',
          'iwr ',
          'irm ',
          'Net.WebClient',
        ],
      },
    ],
    keep: INVOKES_KEPT,
    title: 'PowerShell Download Cradle Runs Remote Code',
    does: 'downloads a script and runs it in memory (IEX with DownloadString, Invoke-WebRequest piped to Invoke-Expression), so the payload never touches disk',
    tags: ['attack.execution', 'attack.t1059.001', 'attack.command-and-control', 'attack.t1105'],
    level: 'high',
    falsepositives: ['Installers of developer tools documented as a one-line download and run (Chocolatey, Scoop)'],
  },
  {
    id: 'powershell-download-to-user-folder',
    product: 'windows',
    programs: [],
    scriptBlock: true,
    when: new RegExp(
      `\\b(?:iwr|invoke-webrequest|wget|curl|start-bitstransfer)\\b.*(?:-outfile|-destination)\\b.*(?:${USER_WRITABLE_PATTERN.source})`,
      'i',
    ),
    selections: [
      { 'CommandLine|contains': ['Invoke-WebRequest', 'iwr ', 'Start-BitsTransfer'] },
      { 'CommandLine|contains': ['-OutFile', '-Destination'] },
      { 'CommandLine|contains': USER_WRITABLE },
    ],
    title: 'PowerShell Download Into A User-Writable Folder',
    does: 'downloads a file into a folder any user can write (Temp, AppData, Public, ProgramData) with Invoke-WebRequest -OutFile or Start-BitsTransfer, where droppers stage their payload',
    tags: ['attack.command-and-control', 'attack.t1105'],
    level: 'medium',
    falsepositives: ['Installer and update scripts that stage their package in the temporary folder'],
  },
  {
    id: 'powershell-decode-and-run',
    product: 'windows',
    programs: [],
    scriptBlock: true,
    // A pipeline (`irm … | iex`) runs each stage as its own cmdlet: the whole line shows the cradle.
    wholeLine: true,
    when: /frombase64string[\s\S]*(?:\biex\b|invoke-expression|\.invoke\(|assembly\]::load|gzipstream|deflatestream)|(?:\biex\b|invoke-expression|assembly\]::load)[\s\S]*frombase64string/i,
    selections: [
      { 'CommandLine|contains': 'FromBase64String' },
      { 'CommandLine|contains': [...INVOKES, '.Invoke(', 'Assembly]::Load', 'GzipStream', 'DeflateStream'] },
    ],
    keep: INVOKES_KEPT,
    title: 'PowerShell Decodes Base64 Code And Runs It',
    does: 'decodes Base64 (often compressed) code and runs or loads it in memory (FromBase64String with Invoke-Expression, GzipStream or Assembly.Load)',
    tags: ['attack.execution', 'attack.t1059.001', 'attack.stealth', 'attack.t1140'],
    level: 'high',
    falsepositives: ['Packaging scripts that embed a compressed resource'],
  },
  {
    id: 'amsi-bypass',
    product: 'windows',
    programs: [],
    scriptBlock: true,
    when: /amsiutils|amsiinitfailed|amsiscanbuffer|amsicontext|amsiopensession/i,
    selections: [{ 'CommandLine|contains': ['AmsiUtils', 'amsiInitFailed', 'AmsiScanBuffer', 'amsiContext', 'AmsiOpenSession'] }],
    title: 'AMSI Bypass Attempted From PowerShell',
    does: 'tampers with the Antimalware Scan Interface in its own process (amsiInitFailed, AmsiScanBuffer patch), so the code it runs next is never scanned',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Security research and red team exercises'],
  },
  {
    id: 'powershell-assembly-load',
    product: 'windows',
    programs: [],
    scriptBlock: true,
    when: /reflection\.assembly\]::load\s*\(/i,
    selections: [{ 'CommandLine|contains': 'Reflection.Assembly]::Load(' }],
    title: 'PowerShell Loads A .NET Assembly From Memory',
    does: 'loads a .NET assembly from a byte array ([System.Reflection.Assembly]::Load), running a tool that never exists as a file',
    tags: ['attack.stealth', 'attack.t1620'],
    level: 'medium',
    falsepositives: ['Administration scripts that embed a helper assembly'],
  },
  {
    id: 'powershell-shellcode-apis',
    product: 'windows',
    programs: [],
    scriptBlock: true,
    when: /\b(?:VirtualAlloc(?:Ex)?|VirtualProtect|CreateRemoteThread|WriteProcessMemory|CreateThread)\b/,
    selections: [
      { 'CommandLine|contains': ['VirtualAlloc', 'VirtualProtect', 'CreateRemoteThread', 'WriteProcessMemory', 'CreateThread'] },
    ],
    title: 'PowerShell Calls Memory Allocation And Thread APIs',
    does: 'declares or calls the Windows APIs that run shellcode (VirtualAlloc, VirtualProtect, CreateThread, WriteProcessMemory), as in-memory loaders do',
    tags: ['attack.execution', 'attack.t1059.001', 'attack.privilege-escalation', 'attack.t1055'],
    level: 'high',
    falsepositives: ['Debugging and performance tools written in PowerShell'],
  },
  {
    id: 'powershell-lsass-minidump',
    product: 'windows',
    programs: [],
    scriptBlock: true,
    when: /MiniDumpWriteDump|Out-Minidump/i,
    selections: [{ 'CommandLine|contains': ['MiniDumpWriteDump', 'Out-Minidump'] }],
    title: 'Process Memory Dumped From PowerShell',
    does: "writes a process's memory to a file from PowerShell (MiniDumpWriteDump, Out-Minidump), the way LSASS credentials are taken",
    tags: ['attack.credential-access', 'attack.t1003.001'],
    level: 'high',
    falsepositives: ['Crash-dump collection scripts of support teams'],
  },
  {
    id: 'powershell-credential-store',
    product: 'windows',
    programs: [],
    scriptBlock: true,
    when: /Security\.Credentials\.PasswordVault|ProtectedData\]::Unprotect|Get-StoredCredential/i,
    selections: [{ 'CommandLine|contains': ['Security.Credentials.PasswordVault', 'ProtectedData]::Unprotect', 'Get-StoredCredential'] }],
    title: 'Stored Credentials Read From PowerShell',
    does: 'reads saved credentials (the Windows credential vault, DPAPI-protected browser secrets through ProtectedData.Unprotect)',
    tags: ['attack.credential-access', 'attack.t1555'],
    level: 'high',
    falsepositives: ['Password management scripts of administrators'],
  },
  {
    id: 'powershell-remote-command',
    product: 'windows',
    programs: ['powershell'],
    when: /\b(?:Invoke-Command|New-PSSession|Enter-PSSession)\b.*\s-ComputerName\b/i,
    selections: [
      { 'CommandLine|contains': ['Invoke-Command', 'New-PSSession', 'Enter-PSSession'] },
      { 'CommandLine|contains': '-ComputerName' },
    ],
    title: 'PowerShell Remoting To Another Host',
    does: 'runs commands on another host over WinRM (Invoke-Command or a PSSession with -ComputerName)',
    tags: ['attack.lateral-movement', 'attack.t1021.006'],
    level: 'medium',
    falsepositives: ['Administrators managing servers with PowerShell remoting'],
  },
  {
    id: 'powershell-firewall-off',
    product: 'windows',
    programs: ['powershell'],
    when: /\bSet-NetFirewallProfile\b.*-Enabled\s*:?\s*(?:False|\$false|0)\b/i,
    selections: [
      { 'CommandLine|contains': 'Set-NetFirewallProfile' },
      { 'CommandLine|contains': ['-Enabled False', '-Enabled $false', '-Enabled 0', '-Enabled:$false'] },
    ],
    // The ways PowerShell binds the one value False.
    keep: ['-Enabled False', '-Enabled $false', '-Enabled 0', '-Enabled:$false'],
    title: 'Windows Firewall Turned Off Via PowerShell',
    does: 'turns the Windows firewall off for a profile (Set-NetFirewallProfile -Enabled False)',
    tags: ['attack.defense-impairment', 'attack.t1686.003'],
    level: 'high',
    falsepositives: ['Lab and build machines set up without a firewall'],
  },
  {
    id: 'powershell-local-admin-add',
    product: 'windows',
    programs: ['powershell'],
    when: /\bNew-LocalUser\b|\bAdd-LocalGroupMember\b.*\badmin/i,
    selections: [{ 'CommandLine|contains': ['New-LocalUser', 'Add-LocalGroupMember'] }],
    title: 'Local Account Created Or Made Administrator Via PowerShell',
    does: 'creates a local account or adds one to a local group such as Administrators (New-LocalUser, Add-LocalGroupMember)',
    tags: ['attack.persistence', 'attack.t1136.001', 'attack.privilege-escalation', 'attack.t1098'],
    level: 'medium',
    falsepositives: ['Provisioning scripts that create service or support accounts'],
  },
  {
    id: 'powershell-history-erased',
    product: 'windows',
    programs: ['powershell'],
    when: /HistorySavePath|HistorySaveStyle\s+SaveNothing|Clear-History\b/i,
    selections: [{ 'CommandLine|contains': ['HistorySavePath', 'SaveNothing', 'Clear-History'] }],
    title: 'PowerShell Command History Erased Or Turned Off',
    does: "deletes PowerShell's saved command history (PSReadLine HistorySavePath) or stops it being written (-HistorySaveStyle SaveNothing)",
    tags: ['attack.stealth', 'attack.t1070.003'],
    level: 'medium',
    falsepositives: ['Users clearing their own history'],
  },
];
