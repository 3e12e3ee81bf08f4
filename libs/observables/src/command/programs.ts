/**
 * Programs a command line can start with. Names that are also English words (start, find, open,
 * security, ...) are accepted only with argument evidence (see arguments.ts) and never mid-sentence.
 */

const WINDOWS = `cmd powershell pwsh rundll32 regsvr32 mshta wscript cscript certutil bitsadmin schtasks sc net net1 reg wmic msiexec
curl wget conhost pcalua forfiles cmstp installutil regasm regsvcs msbuild odbcconf finger nltest whoami ipconfig systeminfo
tasklist taskkill vssadmin wbadmin bcdedit netsh attrib icacls takeown cipher extrac32 makecab esentutl ntdsutil dsquery adfind
psexec psexec64 paexec wevtutil fsutil mountvol explorer findstr xcopy robocopy hh msdt tftp runas mavinject appcmd csc
ie4uinit diskshadow quser qwinsta klist setspn dsget arp netstat sdbinst winrm winrs wusa dism pnputil procdump rclone 7z 7za
winrar rar anydesk ngrok plink pscp certreq msxsl presentationhost tscon mstsc cmdkey vaultcmd auditpol gpupdate fltmc
wmiprvse svchost dllhost regedit nslookup ping ssh scp node python python3 py pythonw java javaw mimikatz rubeus sharphound
bloodhound cobaltstrike msiexec bginfo dnscmd ldifde csvde wsl bash msconfig mpcmdrun setx icacls wmiexec smbexec atexec
secretsdump crackmapexec nxc impacket-psexec ftp expand replace timeout ntdsutil route query chcp driverquery gpresult getmac`;

const POWERSHELL_ALIASES = `iex irm iwr icm saps sal gci gc sc ni ri rm del echo`;

const UNIX = `sh bash zsh dash ksh fish sudo su curl wget chmod chown chattr crontab systemctl service useradd usermod adduser
userdel passwd chpasswd mount umount mv cp rm ls cat echo tee grep egrep xargs awk gawk sed find nohup setsid kill killall pkill
ps nc ncat netcat socat python python2 python3 perl ruby php lua base64 openssl tar unzip gzip gunzip bzip2 xz dd iptables
ip6tables nft ufw firewall-cmd ssh scp sftp sshpass rsync insmod rmmod modprobe ldconfig history unset export env uname
hostname ifconfig ip ss netstat docker kubectl podman crictl aws az gcloud apt apt-get yum dnf rpm dpkg pip pip3 npm npx git
osascript launchctl defaults hdiutil ditto xattr dscl security system_profiler spctl codesign csrutil tccutil plutil pbcopy
pbpaste screencapture sqlite3 open networksetup softwareupdate installer sysctl nvram diskutil chflags touch mkdir rmdir ln
nmap masscan xmrig busybox lwp-download shred journalctl auditctl setenforce timedatectl visudo strace gdb mkfifo telnet xxd
head tail sort cut tr printf eval exec source stat file which lsof wall at batch id whoami crontab mktemp install unlink truncate
ulimit apk
pkexec doas runuser env chroot nsenter unshare proxychains tor frpc chisel ligolo gost iox socat`;

/**
 * The programs Windows ships and the tools intruders commonly bring to it, by bare name: a Windows program that is
 * none of them (`e.exe -d=E:\\`, `locker.exe -path …`) is the intrusion's own binary.
 */
export const WINDOWS_COMMANDS: ReadonlySet<string> = new Set(WINDOWS.split(/\s+/).filter(Boolean));

/** Tools that are also ordinary English words; they need argument evidence and never start mid-sentence. */
export const AMBIGUOUS_COMMANDS = new Set(
  `start for set copy move type find open replace expand query control route at batch id file kill history export source
security service installer defaults touch head tail sort cut which more tree time date format print where call exec eval env
ip ss dd ln cat ps sc reg node java fetch ping mount echo install unlink tee wall stat git net rm del ni ri gc gci timeout
test read write make python ruby perl php lua go sh su ssh useradd adduser passwd if exit shift pause title truncate`.split(/\s+/),
);

const CMD_BUILTINS = `start for set copy move type del dir echo call rd rmdir md mkdir pushd popd cd ren rename assoc ftype
mklink vol title cls if goto shift exit pause`;

export const KNOWN_COMMANDS = new Set(
  [WINDOWS, POWERSHELL_ALIASES, UNIX, CMD_BUILTINS]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((name) => name.toLowerCase()),
);

/** PowerShell's approved verbs: a cmdlet is one of them, a dash and a noun. */
const VERBS =
  'Add|Approve|Assert|Backup|Block|Build|Checkpoint|Clear|Close|Compare|Complete|Compress|Confirm|Connect|Convert|ConvertFrom|ConvertTo|Copy|Debug|Deny|Deploy|Disable|Disconnect|Dismount|Edit|Enable|Enter|Exit|Expand|Export|Find|Format|Get|Grant|Group|Hide|Import|Initialize|Install|Invoke|Join|Limit|Lock|Measure|Merge|Mount|Move|New|Open|Optimize|Out|Ping|Pop|Protect|Publish|Push|Read|Receive|Redo|Register|Remove|Rename|Repair|Request|Reset|Resize|Resolve|Restart|Restore|Resume|Revoke|Save|Search|Select|Send|Set|Show|Skip|Split|Start|Step|Stop|Submit|Suspend|Switch|Sync|Test|Trace|Unblock|Undo|Uninstall|Unlock|Unprotect|Unpublish|Unregister|Update|Use|Wait|Watch|Write';
/** A cmdlet as articles write it: capitalised verb and noun (`Set-ItemProperty`). */
// The noun may be in lower case after a capitalised verb (`Invoke-webrequest`): PowerShell does not mind. A short
// lower-case noun is an English compound ("Set-up", "Read-only", "Use-case").
const CMDLET = new RegExp(`^(?:${VERBS})-(?:[A-Z][A-Za-z0-9]+|[a-z][A-Za-z0-9]{5,})$`);
const CMDLET_ANY_CASE = new RegExp(`^(?:${VERBS})-[A-Za-z][A-Za-z0-9]+$`, 'i');

/** Subcommands that count as argument evidence for tools whose first argument is a word. */
export const SUBCOMMANDS: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries({
    net: 'use user group localgroup share view start stop session accounts time config',
    net1: 'use user group localgroup share view start stop session accounts',
    sc: 'create config start stop delete query qc description failure sdset queryex',
    reg: 'add query delete save export import load copy restore',
    wmic: `process os shadowcopy service useraccount computersystem qfe product startup nicconfig share group csproduct bios
baseboard logicaldisk diskdrive volume nic cpu memorychip environment sysaccount sysdriver netuse ntdomain partition
printer desktop`.replace(/\s+/g, ' '),
    systemctl: 'start stop enable disable mask unmask restart daemon-reload status kill',
    launchctl: 'load unload bootstrap bootout submit start stop kickstart enable disable',
    hdiutil: 'attach detach mount create convert',
    security: 'find-generic-password find-internet-password dump-keychain unlock-keychain add-trusted-cert delete-certificate',
    docker: 'run exec pull build create start cp',
    kubectl: 'exec run apply create get delete cp',
    git: 'clone pull push fetch checkout',
    ufw: 'allow deny disable enable reset delete reject',
    netsh: 'advfirewall firewall interface wlan portproxy winhttp',
    vssadmin: 'delete list resize create',
    wbadmin: 'delete start stop',
    diskutil: 'mount unmount list erasedisk',
    defaults: 'write read delete',
    ip: 'addr link route neigh',
    wevtutil: 'cl clear-log el qe sl',
    bitsadmin: 'transfer create addfile resume',
    service: 'start stop restart',
    crontab: 'edit',
    ditto: 'x c',
    sudo: 'su bash sh',
    xattr: 'd c',
    java: 'jar',
    gcloud: 'compute iam storage',
    aws: 's3 iam ec2 sts lambda',
    az: 'vm ad role storage',
    dscl: 'localhost',
    fsutil: 'usn file behavior',
    bcdedit: 'set',
    certutil: 'urlcache decode encode',
    route: 'print add delete change',
    query: 'user session process',
  }).map(([tool, words]) => [tool, new Set(words.split(' '))]),
);

/**
 * Windows discovery programs an intruder runs without any argument (`chcp`, `driverquery`, `systeminfo`): alone on a
 * line of a code block, or set as code in a sentence, the name is the command line. None is an English word.
 */
export const BARE_RECON_COMMANDS: ReadonlySet<string> = new Set(
  'whoami systeminfo ipconfig chcp driverquery tasklist quser qwinsta getmac klist'.split(' '),
);

/** Programs whose first argument is a search pattern, any word: `findstr lsass`, `grep sshd`. */
export const PATTERN_COMMANDS: ReadonlySet<string> = new Set(['findstr', 'grep', 'egrep']);

/**
 * A Windows program written in capitals, as cmd does not mind (`REG ADD …`, `NET USE …`, `SC CREATE …`): a name that is
 * also an English word counts only in capitals and before one of its sub-commands (checked by the caller).
 */
export function isShoutedWindowsProgram(token: string): boolean {
  const bare = token.replace(/^["'`]+|["'`]+$/g, '');
  return /^[A-Z][A-Z0-9]+(?:\.EXE)?$/i.test(bare) && bare === bare.toUpperCase() && WINDOWS_COMMANDS.has(programName(bare));
}

/** Normalised program name: file name without path, quotes or a Windows executable extension. */
export function programName(token: string): string {
  const bare = token.replace(/^["'`]+|["'`]+$/g, '');
  const file = bare.split(/[\\/]/).pop() ?? bare;
  return file.replace(/\.(?:exe|com|bat|cmd)$/i, '').toLowerCase();
}

/** True when the token names a program a command line can start with. */
export function isCommandToken(token: string): boolean {
  const bare = token.replace(/^["'`]+|["'`]+$/g, '');
  if (/^[A-Za-z]:\\.*\.(?:exe|com|bat|cmd)$/i.test(bare) || /^%[A-Za-z_]+%\\.*\.exe$/i.test(bare)) return true;
  if (/^\/(?:usr\/)?(?:s?bin|local\/bin)\/[\w.-]+$/.test(bare)) return true;
  // A system program by its absolute path without the extension, as cmd resolves it: C:\Windows\system32\net1. Only
  // under the Windows folder: elsewhere (C:\ProgramData\AnyDesk) such a path is more often the tool's own folder.
  if (/^[A-Za-z]:\\Windows\\(?:[^\\\s]+\\)*[\w-]+$/i.test(bare) && KNOWN_COMMANDS.has(programName(bare))) return true;
  // A program run by path: /opt/x/agent, ./payload, ~/.local/bin/tool, /tmp/run.sh
  if (
    /^(?:\/[\w.-]+){2,}$|^\.\/(?:[\w.-]+|\$\{?\w+\}?)$|^~\/[\w./-]+$/.test(bare) &&
    /(?:^|\/)(?:[\w-]+|\.[\w-]+|[\w.-]+\.(?:sh|py|pl|bin|elf|run|out)|\$\{?\w+\}?)$/.test(bare)
  )
    return true;
  // A program in the working directory as cmd and PowerShell run it: .\\payload.exe
  if (/^[\w.-]+\.exe$/i.test(bare) || /^\.\\[\w.-]+\.(?:exe|com|bat|cmd)$/i.test(bare)) return true;
  if (CMDLET.test(bare)) return true;
  const name = programName(bare);
  // "File", "Start", "Security": capitalised ordinary words are prose, not the commands of that name.
  if (AMBIGUOUS_COMMANDS.has(name) && bare !== bare.toLowerCase()) return false;
  return KNOWN_COMMANDS.has(name) && !/[\\/]/.test(bare.replace(/^\.\//, ''));
}

/** A program that is unmistakably a program (not an English word), safe to detect inside prose. */
export function isDistinctiveCommand(token: string): boolean {
  if (!isCommandToken(token)) return false;
  const bare = token.replace(/^["'`]+|["'`]+$/g, '');
  if (/\.exe$/i.test(bare) || CMDLET.test(bare) || /[\\/]/.test(bare)) return true;
  return !AMBIGUOUS_COMMANDS.has(programName(bare)) && (bare === bare.toLowerCase() || /^powershell$/i.test(bare));
}

/** A program's name as its process image ends, lower case, without directory, quotes or `.exe`: `C:\Tools\Curl.EXE` is `curl`. */
export function bareName(program: string): string {
  const file =
    program
      .trim()
      .replace(/^["'`]+|["'`]+$/g, '')
      .split(/[\\/]/)
      .pop() ?? program;
  return file.toLowerCase().replace(/\.exe$/, '');
}

/** Commands that exist only inside cmd.exe: never a process image. */
export const CMD_BUILTIN_NAMES: ReadonlySet<string> = new Set(
  'for call start set setlocal endlocal echo if cd chdir pushd popd copy del erase dir type move ren rename mkdir md rmdir rd cls exit goto title ver vol mklink assoc ftype path prompt shift break color pause rem'.split(
    ' ',
  ),
);
/** Commands that exist only inside a POSIX shell: never a process image. */
export const POSIX_BUILTIN_NAMES: ReadonlySet<string> = new Set(
  'cd echo export source . eval exec alias unset set read printf test [ [[ true false umask ulimit trap wait exit return shift history type hash builtin command declare local let if then else elif fi for while until do done case esac function'.split(
    ' ',
  ),
);

/** True for a name that is a shell built-in, not a program (`for`, `call`, `echo`, `cd`). */
export function isShellBuiltin(name: string): boolean {
  const bare = bareName(name);
  return CMD_BUILTIN_NAMES.has(bare) || POSIX_BUILTIN_NAMES.has(bare);
}

/** Aliases that exist only in PowerShell, with the cmdlet they stand for (`sc`, `curl`, `wget` are also real programs and stay programs). */
export const POWERSHELL_ALIAS_CMDLETS: Readonly<Record<string, string>> = {
  iex: 'invoke-expression',
  irm: 'invoke-restmethod',
  iwr: 'invoke-webrequest',
  icm: 'invoke-command',
  saps: 'start-process',
  sal: 'set-alias',
  gci: 'get-childitem',
  ni: 'new-item',
  ri: 'remove-item',
  rni: 'rename-item',
  sp: 'set-itemproperty',
  gp: 'get-itemproperty',
  rp: 'remove-itemproperty',
  spsv: 'stop-service',
  sasv: 'start-service',
  gsv: 'get-service',
  gwmi: 'get-wmiobject',
  gcim: 'get-ciminstance',
};

/** A PowerShell cmdlet name (Verb-Noun), any casing. */
export function isCmdletName(token: string): boolean {
  return CMDLET_ANY_CASE.test(token);
}

/** Shells whose `-c` (or cmd's `/c`, `/k`) argument is a command line of its own. */
export const SHELL_NAMES: ReadonlySet<string> = new Set(['cmd', 'sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish', 'busybox']);

/** Programs that run the rest of their arguments as another command (`sudo X`, `nohup X`, `env A=1 X`). */
export const PREFIX_WRAPPERS: ReadonlySet<string> = new Set([
  'sudo',
  'doas',
  'nohup',
  'env',
  'time',
  'nice',
  'ionice',
  'setsid',
  'timeout',
  'stdbuf',
  'exec',
  'command',
  'xargs',
  'chroot',
  'nsenter',
  'proxychains',
  'proxychains4',
  'torsocks',
  'runuser',
  'unbuffer',
]);

/** Options of the prefix wrappers that take a value (`sudo -u root`, `timeout -s KILL 5`, `nice -n 10`). */
export const PREFIX_OPTION_VALUES: Readonly<Record<string, ReadonlySet<string>>> = {
  sudo: new Set(['-u', '-g', '-c', '-h', '-p', '-r', '-t', '-C', '-D', '-U']),
  doas: new Set(['-u', '-C']),
  nice: new Set(['-n']),
  ionice: new Set(['-c', '-n', '-p']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  stdbuf: new Set(['-i', '-o', '-e']),
  xargs: new Set(['-I', '-n', '-P', '-d', '-L', '-s', '-E', '-a']),
  runuser: new Set(['-u', '-g', '-l']),
  nsenter: new Set(['-t', '--target']),
  env: new Set(['-u', '-C', '-S']),
};

/**
 * How many leading words are sub-commands for tools whose first arguments name what they do
 * (`reg add`, `aws s3 cp`, `netsh advfirewall firewall add rule`, `az ad sp create`). Tools not listed
 * take one sub-command when SUBCOMMANDS lists the word.
 */
export const SUBCOMMAND_DEPTH: Readonly<Record<string, number>> = {
  aws: 2,
  az: 4,
  gcloud: 4,
  netsh: 4,
  wmic: 3,
  kubectl: 2,
  docker: 2,
  podman: 2,
  git: 1,
  systemctl: 1,
  launchctl: 1,
  reg: 1,
  sc: 1,
  net: 1,
  net1: 1,
  vssadmin: 2,
  wevtutil: 1,
  wbadmin: 2,
  bitsadmin: 1,
  defaults: 1,
  diskutil: 1,
  hdiutil: 1,
  security: 1,
  dscl: 1,
  ip: 2,
  ufw: 1,
  crontab: 0,
  apt: 1,
  'apt-get': 1,
  yum: 1,
  dnf: 1,
  apk: 1,
  pip: 1,
  pip3: 1,
  npm: 1,
  helm: 2,
  certutil: 0,
  fsutil: 2,
  service: 0,
};
