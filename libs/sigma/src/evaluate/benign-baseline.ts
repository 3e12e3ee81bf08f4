import type { SigmaEvent } from './event-fields';

/**
 * A benign baseline: ordinary telemetry of Windows, Linux and macOS machines (administration tools,
 * updaters, browsers, developer tools, installers, name lookups and connections of everyday
 * services). A generated rule that fires on it will fire on real machines too: each firing is an
 * expected false positive. Built from templates, so the set is the same on every run.
 */

const WINDOWS_USERS = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
];
const UNIX_USERS = ['alice', 'bob', 'deploy', 'ci', 'root', 'www-data', 'postgres', 'ansible', 'jenkins', 'ubuntu'];
const HOSTS = [
  'WS01',
  'WS02',
  'WS03',
  'WS04',
  'WS05',
  'LAPTOP7',
  'LAPTOP8',
  'LAPTOP9',
  'BUILD01',
  'BUILD02',
  'SRV-APP1',
  'SRV-APP2',
  'SRV-DB1',
  'SRV-DC1',
  'MAC-ERIN',
  'MAC-FRANK',
  'MAC-GRACE',
  'LNX-CI',
  'LNX-WEB1',
  'LNX-WEB2',
];

// [image, command line, parent image]; {user} is replaced per user.
const WINDOWS_PROCESSES: Array<[string, string, string]> = [
  [
    'C:\\Windows\\System32\\svchost.exe',
    'C:\\Windows\\system32\\svchost.exe -k netsvcs -p -s Schedule',
    'C:\\Windows\\System32\\services.exe',
  ],
  [
    'C:\\Windows\\System32\\svchost.exe',
    'C:\\Windows\\system32\\svchost.exe -k LocalServiceNetworkRestricted -p',
    'C:\\Windows\\System32\\services.exe',
  ],
  ['C:\\Windows\\explorer.exe', 'C:\\Windows\\Explorer.EXE', 'C:\\Windows\\System32\\userinit.exe'],
  [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    '"C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe" --type=renderer --lang=en-US --field-trial-handle=1234',
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  ],
  [
    'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
    '"C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe" --single-argument https://intranet.corp.example/',
    'C:\\Windows\\explorer.exe',
  ],
  [
    'C:\\Program Files\\Mozilla Firefox\\firefox.exe',
    '"C:\\Program Files\\Mozilla Firefox\\firefox.exe" -contentproc -childID 3 -isForBrowser',
    'C:\\Program Files\\Mozilla Firefox\\firefox.exe',
  ],
  [
    'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    'powershell.exe -NoProfile -ExecutionPolicy Bypass -File C:\\ProgramData\\Corp\\inventory.ps1',
    'C:\\Windows\\System32\\svchost.exe',
  ],
  [
    'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    'powershell.exe -Command Get-Service | Where-Object Status -eq Running',
    'C:\\Windows\\explorer.exe',
  ],
  [
    'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    'powershell.exe -NoLogo -NonInteractive -Command Import-Module PSReadLine',
    'C:\\Program Files\\Microsoft VS Code\\Code.exe',
  ],
  [
    'C:\\Program Files\\PowerShell\\7\\pwsh.exe',
    '"C:\\Program Files\\PowerShell\\7\\pwsh.exe" -NoExit -Command Set-Location C:\\Users\\{user}\\source',
    'C:\\Program Files\\WindowsApps\\Microsoft.WindowsTerminal\\WindowsTerminal.exe',
  ],
  [
    'C:\\Windows\\System32\\cmd.exe',
    'C:\\Windows\\system32\\cmd.exe /c "C:\\Program Files\\Git\\cmd\\git.exe" fetch --all',
    'C:\\Program Files\\Microsoft VS Code\\Code.exe',
  ],
  ['C:\\Windows\\System32\\cmd.exe', 'cmd.exe /c echo %PATH%', 'C:\\Windows\\explorer.exe'],
  ['C:\\Windows\\System32\\cmd.exe', 'C:\\Windows\\system32\\cmd.exe /d /s /c "npm run build"', 'C:\\Program Files\\nodejs\\node.exe'],
  [
    'C:\\Windows\\System32\\rundll32.exe',
    'C:\\Windows\\system32\\rundll32.exe C:\\Windows\\system32\\shell32.dll,Control_RunDLL',
    'C:\\Windows\\explorer.exe',
  ],
  [
    'C:\\Windows\\System32\\rundll32.exe',
    'rundll32.exe C:\\Windows\\System32\\printui.dll,PrintUIEntryDPIAware',
    'C:\\Windows\\explorer.exe',
  ],
  [
    'C:\\Windows\\System32\\msiexec.exe',
    'C:\\Windows\\system32\\msiexec.exe /i "C:\\Users\\{user}\\Downloads\\7z2301-x64.msi" /qn',
    'C:\\Windows\\explorer.exe',
  ],
  ['C:\\Windows\\System32\\msiexec.exe', 'C:\\Windows\\system32\\msiexec.exe /V', 'C:\\Windows\\System32\\services.exe'],
  ['C:\\Windows\\System32\\schtasks.exe', 'schtasks.exe /query /fo LIST /v', 'C:\\Windows\\System32\\cmd.exe'],
  [
    'C:\\Windows\\System32\\schtasks.exe',
    'schtasks /create /tn "GoogleUpdateTaskMachineUA" /tr "C:\\Program Files (x86)\\Google\\Update\\GoogleUpdate.exe /ua /installsource scheduler" /sc hourly /f',
    'C:\\Program Files (x86)\\Google\\Update\\GoogleUpdate.exe',
  ],
  ['C:\\Windows\\System32\\sc.exe', 'sc.exe query wuauserv', 'C:\\Windows\\System32\\cmd.exe'],
  [
    'C:\\Windows\\System32\\sc.exe',
    'sc.exe config "MozillaMaintenance" start= demand',
    'C:\\Program Files (x86)\\Mozilla Maintenance Service\\maintenanceservice.exe',
  ],
  [
    'C:\\Windows\\System32\\reg.exe',
    'reg.exe query HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall /s',
    'C:\\Windows\\System32\\cmd.exe',
  ],
  [
    'C:\\Windows\\System32\\reg.exe',
    'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\Advanced /v HideFileExt /t REG_DWORD /d 0 /f',
    'C:\\Windows\\System32\\cmd.exe',
  ],
  ['C:\\Windows\\System32\\net.exe', 'net use Z: \\\\fileserver\\share /persistent:yes', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\net.exe', 'net localgroup administrators', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\whoami.exe', 'whoami', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\ipconfig.exe', 'ipconfig /all', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\ipconfig.exe', 'ipconfig /flushdns', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\gpupdate.exe', 'gpupdate /force', 'C:\\Windows\\System32\\cmd.exe'],
  [
    'C:\\Windows\\System32\\certutil.exe',
    'certutil -hashfile C:\\Users\\{user}\\Downloads\\setup.exe SHA256',
    'C:\\Windows\\System32\\cmd.exe',
  ],
  [
    'C:\\Windows\\System32\\certutil.exe',
    'certutil.exe -verify -urlfetch C:\\ProgramData\\Corp\\corp-root.cer',
    'C:\\Windows\\System32\\svchost.exe',
  ],
  ['C:\\Windows\\System32\\bitsadmin.exe', 'bitsadmin /list /allusers', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\wbem\\WMIC.exe', 'wmic logicaldisk get caption,freespace', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\tasklist.exe', 'tasklist /v', 'C:\\Windows\\System32\\cmd.exe'],
  [
    'C:\\Windows\\System32\\robocopy.exe',
    'robocopy C:\\Users\\{user}\\Documents \\\\backup01\\home\\{user} /MIR /R:2',
    'C:\\Windows\\System32\\svchost.exe',
  ],
  ['C:\\Windows\\System32\\conhost.exe', '\\??\\C:\\Windows\\system32\\conhost.exe 0xffffffff -ForceV1', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\taskhostw.exe', 'taskhostw.exe {222A245B-E637-4AE9-A93F-A59CA119A75E}', 'C:\\Windows\\System32\\svchost.exe'],
  [
    'C:\\Windows\\System32\\wuauclt.exe',
    '"C:\\Windows\\system32\\wuauclt.exe" /UpdateDeploymentProvider UpdateDeploymentProvider.dll /ClassId',
    'C:\\Windows\\System32\\svchost.exe',
  ],
  [
    'C:\\Program Files\\Windows Defender\\MpCmdRun.exe',
    '"C:\\Program Files\\Windows Defender\\MpCmdRun.exe" -SignatureUpdate -MMPC',
    'C:\\Windows\\System32\\svchost.exe',
  ],
  [
    'C:\\Program Files\\Git\\cmd\\git.exe',
    '"C:\\Program Files\\Git\\cmd\\git.exe" clone https://github.com/corp/tools.git',
    'C:\\Program Files\\PowerShell\\7\\pwsh.exe',
  ],
  [
    'C:\\Program Files\\nodejs\\node.exe',
    '"C:\\Program Files\\nodejs\\node.exe" C:\\Users\\{user}\\AppData\\Roaming\\npm\\node_modules\\npm\\bin\\npm-cli.js install',
    'C:\\Windows\\System32\\cmd.exe',
  ],
  ['C:\\Program Files\\Python311\\python.exe', 'python.exe -m pip install --upgrade pip', 'C:\\Program Files\\PowerShell\\7\\pwsh.exe'],
  [
    'C:\\Windows\\System32\\curl.exe',
    'curl.exe -sSL -o C:\\Users\\{user}\\Downloads\\report.pdf https://intranet.corp.example/reports/weekly.pdf',
    'C:\\Program Files\\PowerShell\\7\\pwsh.exe',
  ],
  [
    'C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE',
    '"C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE" /n "C:\\Users\\{user}\\Documents\\minutes.docx"',
    'C:\\Windows\\explorer.exe',
  ],
  [
    'C:\\Program Files\\Microsoft Office\\root\\Office16\\OUTLOOK.EXE',
    '"C:\\Program Files\\Microsoft Office\\root\\Office16\\OUTLOOK.EXE"',
    'C:\\Windows\\explorer.exe',
  ],
  [
    'C:\\Users\\{user}\\AppData\\Local\\Microsoft\\Teams\\current\\Teams.exe',
    '"C:\\Users\\{user}\\AppData\\Local\\Microsoft\\Teams\\current\\Teams.exe" --process-start-reason=AutoStart',
    'C:\\Windows\\explorer.exe',
  ],
  [
    'C:\\Users\\{user}\\AppData\\Local\\Microsoft\\OneDrive\\OneDrive.exe',
    '"C:\\Users\\{user}\\AppData\\Local\\Microsoft\\OneDrive\\OneDrive.exe" /background',
    'C:\\Windows\\explorer.exe',
  ],
  [
    'C:\\Program Files\\7-Zip\\7z.exe',
    '"C:\\Program Files\\7-Zip\\7z.exe" x C:\\Users\\{user}\\Downloads\\logs.zip -oC:\\Users\\{user}\\Downloads\\logs',
    'C:\\Windows\\explorer.exe',
  ],
  ['C:\\Windows\\System32\\mstsc.exe', 'mstsc.exe /v:jump01.corp.example', 'C:\\Windows\\explorer.exe'],
  ['C:\\Windows\\System32\\mshta.exe', 'mshta.exe "C:\\Program Files\\Vendor\\Setup\\welcome.hta"', 'C:\\Windows\\explorer.exe'],
  [
    'C:\\Windows\\System32\\regsvr32.exe',
    'regsvr32.exe /s "C:\\Program Files\\Vendor\\Plugin\\vendorext.dll"',
    'C:\\Windows\\System32\\msiexec.exe',
  ],
  ['C:\\Windows\\System32\\wscript.exe', 'wscript.exe \\\\corp.example\\NETLOGON\\logon.vbs', 'C:\\Windows\\System32\\userinit.exe'],
  ['C:\\Windows\\System32\\nslookup.exe', 'nslookup intranet.corp.example', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\ping.exe', 'ping -n 4 8.8.8.8', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\netsh.exe', 'netsh advfirewall show allprofiles', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\vssadmin.exe', 'vssadmin list shadows', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\wevtutil.exe', 'wevtutil qe Security /c:10 /f:text', 'C:\\Windows\\System32\\cmd.exe'],
  ['C:\\Windows\\System32\\nltest.exe', 'nltest /dsgetdc:corp.example', 'C:\\Windows\\System32\\cmd.exe'],
];

const UNIX_PROCESSES: Array<[string, string, string]> = [
  ['/usr/bin/apt-get', 'apt-get update', '/usr/bin/sudo'],
  ['/usr/bin/apt-get', 'apt-get install -y nginx', '/usr/bin/sudo'],
  ['/usr/bin/dpkg', '/usr/bin/dpkg --status-fd 35 --configure --pending', '/usr/bin/apt-get'],
  ['/usr/bin/curl', 'curl -fsSL https://deb.nodesource.com/setup_20.x -o /tmp/nodesource_setup.sh', '/bin/bash'],
  ['/usr/bin/curl', 'curl -s https://api.github.com/repos/corp/tools/releases/latest', '/bin/bash'],
  [
    '/usr/bin/wget',
    'wget -q https://releases.hashicorp.com/terraform/1.6.0/terraform_1.6.0_linux_amd64.zip -O /tmp/terraform.zip',
    '/bin/bash',
  ],
  ['/usr/bin/systemctl', 'systemctl restart nginx.service', '/usr/bin/sudo'],
  ['/usr/bin/systemctl', 'systemctl enable --now docker.service', '/usr/bin/sudo'],
  ['/usr/bin/crontab', 'crontab -l', '/bin/bash'],
  ['/bin/bash', '/bin/bash /etc/cron.daily/logrotate', '/usr/sbin/cron'],
  ['/bin/bash', 'bash -c "cd /srv/app && git pull && npm ci"', '/usr/bin/sudo'],
  ['/bin/sh', '/bin/sh -c /usr/lib/update-notifier/apt-check --human-readable', '/usr/bin/python3'],
  ['/usr/bin/python3', '/usr/bin/python3 /usr/bin/unattended-upgrade', '/usr/bin/systemd'],
  ['/usr/bin/python3', 'python3 -m venv /home/{user}/.venv', '/bin/bash'],
  ['/usr/bin/git', 'git clone https://github.com/corp/service.git', '/bin/bash'],
  ['/usr/bin/docker', 'docker run --rm -v /srv/data:/data alpine:3.19 ls /data', '/bin/bash'],
  ['/usr/bin/chmod', 'chmod +x /home/{user}/bin/deploy.sh', '/bin/bash'],
  ['/usr/bin/chmod', 'chmod 600 /home/{user}/.ssh/authorized_keys', '/bin/bash'],
  ['/usr/bin/tar', 'tar -czf /var/backups/etc.tgz /etc', '/usr/sbin/cron'],
  ['/usr/bin/ssh', 'ssh -i /home/{user}/.ssh/id_ed25519 deploy@web01.corp.example', '/bin/bash'],
  ['/usr/bin/rsync', 'rsync -az /srv/app/ backup01.corp.example:/backups/app/', '/usr/sbin/cron'],
  ['/usr/bin/base64', 'base64 -d /tmp/ci-secret.b64', '/bin/bash'],
  ['/usr/bin/tee', 'tee -a /etc/hosts', '/usr/bin/sudo'],
  ['/usr/bin/nohup', 'nohup /opt/agent/bin/agent --config /etc/agent.yaml', '/bin/bash'],
  ['/usr/bin/sudo', 'sudo -u postgres psql -c "select 1"', '/bin/bash'],
  ['/usr/bin/killall', 'killall -HUP rsyslogd', '/usr/bin/systemd'],
  ['/usr/bin/mv', 'mv /tmp/terraform /usr/local/bin/terraform', '/bin/bash'],
  ['/usr/bin/osascript', 'osascript -e display notification "Backup complete" with title "Time Machine"', '/bin/zsh'],
  ['/usr/bin/curl', 'curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh', '/bin/bash'],
  ['/opt/homebrew/bin/brew', 'brew upgrade --cask google-chrome', '/bin/zsh'],
  ['/bin/launchctl', 'launchctl load -w /Library/LaunchDaemons/com.corp.agent.plist', '/usr/bin/sudo'],
  ['/usr/bin/xattr', 'xattr -l /Applications/Visual Studio Code.app', '/bin/zsh'],
  ['/usr/bin/hdiutil', 'hdiutil attach /Users/{user}/Downloads/Zoom.dmg', '/System/Library/CoreServices/Finder.app/Contents/MacOS/Finder'],
  ['/usr/sbin/softwareupdate', 'softwareupdate --list', '/bin/zsh'],
  ['/usr/bin/dscl', 'dscl . -read /Users/{user} RealName', '/bin/zsh'],
  ['/usr/bin/security', 'security find-certificate -a -c corp-root /Library/Keychains/System.keychain', '/bin/zsh'],
  ['/usr/bin/defaults', 'defaults read com.apple.dock', '/bin/zsh'],
];

const REGISTRY_WRITES: Array<[string, string, string]> = [
  [
    'HKU\\{sid}\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\OneDrive',
    '"C:\\Users\\{user}\\AppData\\Local\\Microsoft\\OneDrive\\OneDrive.exe" /background',
    'C:\\Users\\{user}\\AppData\\Local\\Microsoft\\OneDrive\\OneDrive.exe',
  ],
  [
    'HKU\\{sid}\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\com.squirrel.Teams.Teams',
    'C:\\Users\\{user}\\AppData\\Local\\Microsoft\\Teams\\Update.exe --processStart "Teams.exe"',
    'C:\\Users\\{user}\\AppData\\Local\\Microsoft\\Teams\\Update.exe',
  ],
  [
    'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run\\SecurityHealth',
    '%windir%\\system32\\SecurityHealthSystray.exe',
    'C:\\Windows\\System32\\msiexec.exe',
  ],
  [
    'HKU\\{sid}\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\Advanced\\HideFileExt',
    'DWORD (0x00000000)',
    'C:\\Windows\\explorer.exe',
  ],
  ['HKLM\\SYSTEM\\CurrentControlSet\\Services\\WinDefend\\Start', 'DWORD (0x00000002)', 'C:\\Windows\\System32\\services.exe'],
  [
    'HKLM\\SOFTWARE\\Policies\\Google\\Chrome\\ExtensionInstallForcelist\\1',
    'corp-extension-id;https://clients2.google.com/service/update2/crx',
    'C:\\Windows\\System32\\svchost.exe',
  ],
  [
    'HKU\\{sid}\\Software\\Microsoft\\Office\\16.0\\Word\\Security\\Trusted Locations\\Location0\\Path',
    'C:\\Program Files\\Microsoft Office\\root\\Templates\\',
    'C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE',
  ],
  ['HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\\Shell', 'explorer.exe', 'C:\\Windows\\System32\\svchost.exe'],
];

const SERVICES: Array<[string, string]> = [
  ['Google Update Service (gupdate)', '"C:\\Program Files (x86)\\Google\\Update\\GoogleUpdate.exe" /svc'],
  ['Mozilla Maintenance Service', '"C:\\Program Files (x86)\\Mozilla Maintenance Service\\maintenanceservice.exe"'],
  [
    'Zoom Sharing Service',
    '"C:\\Program Files\\Common Files\\Zoom\\Support\\CptService.exe" -user_path "C:\\Users\\{user}\\AppData\\Roaming\\Zoom"',
  ],
  ['Microsoft Edge Update Service (edgeupdate)', '"C:\\Program Files (x86)\\Microsoft\\EdgeUpdate\\MicrosoftEdgeUpdate.exe" /svc'],
  ['VMware Tools', '"C:\\Program Files\\VMware\\VMware Tools\\vmtoolsd.exe"'],
];

const TASKS = [
  '\\GoogleUpdateTaskMachineUA',
  '\\MicrosoftEdgeUpdateTaskMachineCore',
  '\\Microsoft\\Windows\\Defrag\\ScheduledDefrag',
  '\\OneDrive Standalone Update Task-S-1-5-21-1004',
  '\\Adobe Acrobat Update Task',
];

const DOMAINS = [
  'www.google.com',
  'update.googleapis.com',
  'login.microsoftonline.com',
  'outlook.office365.com',
  'teams.microsoft.com',
  'github.com',
  'objects.githubusercontent.com',
  'registry.npmjs.org',
  'pypi.org',
  'files.pythonhosted.org',
  'archive.ubuntu.com',
  'security.ubuntu.com',
  'deb.debian.org',
  'download.docker.com',
  'swscan.apple.com',
  'mesu.apple.com',
  'ocsp.digicert.com',
  'ctldl.windowsupdate.com',
  'settings-win.data.microsoft.com',
  'slack.com',
  'zoom.us',
  'intranet.corp.example',
  'fileserver.corp.example',
  'time.windows.com',
  'ntp.ubuntu.com',
];
const IPS = [
  '8.8.8.8',
  '1.1.1.1',
  '142.250.74.46',
  '140.82.121.4',
  '13.107.42.14',
  '20.190.159.2',
  '151.101.1.69',
  '185.199.108.133',
  '10.0.0.10',
  '10.0.12.5',
];

const sid = (index: number) => `S-1-5-21-3623811015-3361044348-30300820-${1001 + index}`;
const fill = (text: string, user: string, index: number) => text.replaceAll('{user}', user).replaceAll('{sid}', sid(index));
const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

let cached: SigmaEvent[] | undefined;

/** The baseline events (at least 3,000), the same on every call. */
export function benignBaseline(): readonly SigmaEvent[] {
  if (cached) return cached;
  const events: SigmaEvent[] = [];
  WINDOWS_USERS.forEach((user, index) => {
    for (const [image, commandLine, parent] of WINDOWS_PROCESSES) {
      events.push({
        EventID: 1,
        Image: fill(image, user, index),
        CommandLine: fill(commandLine, user, index),
        ParentImage: parent,
        OriginalFileName: fileName(image),
        User: `CORP\\${user}`,
      });
    }
    for (const [target, details, image] of REGISTRY_WRITES) {
      events.push({
        EventID: 13,
        EventType: 'SetValue',
        TargetObject: fill(target, user, index),
        Details: fill(details, user, index),
        Image: fill(image, user, index),
      });
    }
    for (const [name, path] of SERVICES) {
      events.push({
        EventID: 7045,
        Provider_Name: 'Service Control Manager',
        Channel: 'System',
        ServiceName: name,
        ImagePath: fill(path, user, index),
      });
    }
    for (const task of TASKS) events.push({ EventID: 4698, Channel: 'Security', TaskName: task, SubjectUserName: user });
  });
  UNIX_USERS.forEach((user, index) => {
    for (const [image, commandLine, parent] of UNIX_PROCESSES) {
      events.push({ Image: image, CommandLine: fill(commandLine, user, index), ParentImage: parent, User: user });
    }
  });
  for (const host of HOSTS) {
    for (const domain of DOMAINS) {
      events.push({ EventID: 22, QueryName: domain, Image: 'C:\\Windows\\System32\\svchost.exe', Computer: host });
      events.push({ EventID: 3, DestinationHostname: domain, Initiated: 'true', Computer: host });
      events.push({ 'cs-host': domain, 'r-dns': domain, 'c-uri': `https://${domain}/`, 'cs-method': 'GET', Computer: host });
    }
    for (const ip of IPS) events.push({ EventID: 3, DestinationIp: ip, DestinationPort: 443, Initiated: 'true', Computer: host });
  }
  cached = events;
  return events;
}
