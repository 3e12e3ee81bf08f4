/** Platforms the registry can point at (cross-platform and unknown are decisions, not term owners). */
export const PLATFORMS = ['windows', 'linux', 'macos'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface PlatformTerm {
  /** Matched case-insensitively with the hunt-score matcher's word-boundary rules. */
  term: string;
  /** Strength of the evidence: 3 unambiguous (only that OS has it), 2 strong, 1 suggestive. */
  weight: 1 | 2 | 3;
}

const t = (weight: 1 | 2 | 3, ...terms: string[]): PlatformTerm[] => terms.map((term) => ({ term, weight }));

/**
 * The deterministic platform registry: terms an article uses when the activity it describes runs on
 * that OS. Generic words that every platform shares (shell, process, service, binary) are left out on
 * purpose; so are terms that name one OS while the activity is on another (e.g. "wsl").
 */
export const PLATFORM_TERMS: Readonly<Record<Platform, readonly PlatformTerm[]>> = {
  windows: [
    ...t(3, 'powershell', 'cmd.exe', 'rundll32', 'regsvr32', 'mshta', 'wscript', 'cscript', 'schtasks', 'wmic', 'lsass',
      'hklm\\', 'hkcu\\', 'hkey_local_machine', 'hkey_current_user', 'c:\\windows', 'c:\\users\\', 'c:\\programdata',
      '%appdata%', '%temp%', '%localappdata%', '%programdata%', '%systemroot%', 'svchost.exe', 'explorer.exe', 'certutil',
      'bitsadmin', 'vssadmin', 'ntds.dit', 'sysmon', 'event id 4688', 'active directory', 'group policy', 'mimikatz',
      'psexec', 'msiexec', 'winword.exe', 'w3wp.exe', 'wevtutil', 'bcdedit', 'netsh', 'comsvcs.dll', 'appdata\\',
      // LOLBins and ClickFix vocabulary: the lure has the victim paste into the Windows Run dialog.
      'finger.exe', 'pcalua', 'forfiles', 'cmstp', 'installutil', 'regasm', 'msbuild', 'conhost', 'run dialog', 'win+r',
      'windows key + r', 'davwwwroot', 'webdav', '%userprofile%'),
    ...t(2, '.exe', '.dll', '.ps1', '.bat', '.lnk', '.hta', '.vbs', 'registry', 'run key', 'scheduled task', 'domain controller',
      'kerberos', 'ntlm', 'smb', 'rdp', 'defender', 'windows', 'iis', 'exchange server', 'uac'),
    ...t(2, 'msi file', 'msi files', 'clickfix', 'fake captcha', 'pastejacking', 'clipboard hijack'),
    ...t(1, '.msi', '.cmd', 'dcom', 'wmi', 'event log', 'office macro', 'outlook', 'finger'),
  ],
  linux: [
    ...t(3, '/etc/passwd', '/etc/shadow', '/etc/cron', 'crontab', 'systemctl', '/etc/systemd/', 'ld_preload', 'ld.so.preload',
      '/bin/bash', '/bin/sh', 'chmod +x', '/tmp/', '/dev/shm', '/var/tmp', '/proc/', 'authorized_keys', 'bash_history',
      'apt-get', 'yum install', 'auditd', 'insmod', 'lsmod', 'iptables', 'sshd', 'kworker', 'xmrig', 'esxcli', 'vim-cmd',
      '/vmfs/volumes', 'linux'),
    ...t(2, 'elf', '.so', 'nohup', 'wget', 'curl -s', 'sudo', 'ssh', 'docker', 'kubernetes', 'kubectl', 'kubelet', 'container',
      'esxi', 'ubuntu', 'debian', 'centos', 'red hat', 'selinux', '/usr/bin/', '/usr/lib/', '/var/log/'),
    // Package ecosystems: a malicious gem, npm or PyPI package runs where developers build, mostly Linux.
    ...t(2, 'systemd', '/etc/', '/home/', 'gem install', 'rubygems', 'pip install', 'pypi', 'npm install', 'postinstall', 'setup.py'),
    ...t(1, 'bash', 'cron', 'daemon', 'root account', 'shell script', '.sh'),
  ],
  macos: [
    ...t(3, 'macos', 'mac os', 'os x', 'launchctl', 'launchagents', 'launchdaemons', 'osascript', 'applescript', 'gatekeeper',
      'xprotect', 'notarized', 'notarization', 'com.apple.quarantine', 'tccd', 'tcc.db', 'keychain', 'mach-o', '.dmg',
      '~/library/', '/library/launch', 'spctl', 'csrutil', 'plist', 'dylib', 'system integrity protection'),
    ...t(2, '.app', '.pkg', 'xattr', 'apple', 'safari', 'ditto', 'codesign', 'mdm profile', 'icloud'),
    ...t(2, 'terminal.app', 'system settings', 'system preferences', 'infostealer for mac', 'amos', 'atomic stealer', 'dscl', 'hdiutil', '/volumes/'),
    ...t(1, 'darwin', 'homebrew', 'finder'),
  ],
};

/**
 * Cloud and SaaS control planes (identity providers, tenants, cloud audit logs): activity there runs on no
 * endpoint OS, so an article that is mostly about them is cross-platform even when it shows a PowerShell
 * module or a Windows admin host in passing. Product names only where they name the control plane itself.
 */
export const CLOUD_TERMS: readonly PlatformTerm[] = [
  ...t(3, 'entra id', 'azure ad', 'azure active directory', 'microsoft 365', 'office 365', 'm365', 'o365', 'okta', 'google workspace',
    'cloudtrail', 'aws iam', 'iam role', 'signinlogs', 'sign-in logs', 'audit logs', 'unified audit log', 'service principal',
    'app registration', 'consent grant', 'illicit consent', 'conditional access', 'microsoft graph', 'aitm', 'adversary-in-the-middle',
    'session cookie', 'token theft', 'mfa fatigue'),
  ...t(2, 'oauth', 'tenant', 'saml', 'sso', 'single sign-on', 'identity provider', 'mfa', 'azure', 'aws', 'gcp', 'sharepoint online',
    'exchange online', 'mailbox rule', 'inbox rule', 'sign-in', 'access token', 'refresh token'),
];
