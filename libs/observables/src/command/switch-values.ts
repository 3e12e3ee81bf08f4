import type { Dialect } from './lex';
import { isCmdletName, POWERSHELL_ALIAS_CMDLETS } from './programs';

/**
 * Which switches take the next word as their value. Without the tool's grammar `curl -s http://x` cannot
 * tell a flag from an option, so only switches known to take a value do; PowerShell parameters take one
 * unless they are switch parameters (`-Force`), and the cloud CLIs' `--options` unless a switch follows.
 */
const TOOLS: Record<string, string> = {
  reg: '/v /t /d /s /se',
  schtasks: '/tn /tr /sc /mo /st /sd /ed /et /du /ri /ru /rp /s /u /p /xml /d /m /i /rl /delay /fo',
  bitsadmin: '/transfer /priority /create /setnotifycmdline',
  msiexec: '/i /x /package /uninstall /a /l*v /log',
  taskkill: '/im /pid /s /u /p /fi',
  tasklist: '/s /u /p /fi /fo /m',
  icacls: '/grant /grant:r /deny /remove /setowner /save /restore',
  forfiles: '/p /m /c /d',
  start: '/d /affinity /node',
  psexec: '-u -p -w -r -n',
  psexec64: '-u -p -w -r -n',
  paexec: '-u -p -w -r -n',
  powershell:
    '-w -windowstyle -ep -ex -exec -executionpolicy -v -version -inputformat -outputformat -configurationname -workingdirectory -wd -f -file -e -ec -enc -encodedcommand',
  pwsh: '-w -windowstyle -ep -ex -exec -executionpolicy -v -version -inputformat -outputformat -configurationname -workingdirectory -wd -f -file -e -ec -enc -encodedcommand',
  curl: '-o -X -H -d -u -A -e -x -T -F -m -b -c -K -r -w --output --header --request --data --data-raw --data-binary --user --user-agent --referer --proxy --upload-file --form --max-time --connect-timeout --cookie --cookie-jar --url --resolve',
  wget: '-O -o -P -U -e -t -T --output-document --output-file --directory-prefix --user-agent --header --post-data --tries --timeout',
  nc: '-e -c -p -w -s -i',
  ncat: '-e -c -p -w -s -i --exec --sh-exec',
  netcat: '-e -c -p -w -s -i',
  ssh: '-i -p -l -o -L -R -D -F -J -b -c -m -W',
  scp: '-i -P -o -F -J',
  sftp: '-i -P -o -F',
  sshpass: '-p -f -e',
  openssl: '-in -out -k -pass -connect -key -cert -inkey -md -iv -K',
  tar: '-C -f --directory --file',
  python: '-c -m',
  python3: '-c -m',
  python2: '-c -m',
  perl: '-e -E',
  ruby: '-e',
  node: '-e -r --eval --require',
  php: '-r -f',
  useradd: '-p -s -d -g -G -u -c -k -e -f',
  usermod: '-p -s -d -g -G -u -c -l -e',
  iptables: '-A -I -D -j -p -s -d -i -o -m -t -P --dport --sport --to-destination --to-source',
  xmrig: '-o -u -p -t -a -k --url --user --pass --threads --algo --donate-level --coin --cpu-priority --config -c',
  nmap: '-p -oN -oX -oG -oA -iL --script',
  systemctl: '-H -M --host --machine --property -p',
  launchctl: '-l',
  crontab: '-u',
  base64: '-w -i -o',
};

// Windows tools' switches are listed lower case (they ignore case); POSIX tools' as their manuals spell them.
const TABLE: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries(TOOLS).map(([tool, list]) => [tool, new Set(list.split(' ').filter(Boolean))]),
);

// PowerShell's common and frequent switch parameters: they take no value.
const POWERSHELL_SWITCH_PARAMETERS = new Set(
  '-force -recurse -confirm -whatif -passthru -wait -nonewwindow -usebasicparsing -asjob -verbose -debug -append -noexit -noprofile -nop -noninteractive -noni -nologo -sta -mta -hidden -raw -nonewline -includeallsubfolders -all -enabled -disabled -asplaintext -asadministrator -allowclobber -skippublishercheck -skipcacheck -skipcncheck -runelevated'.split(
    ' ',
  ),
);

const CLOUD_CLIS = new Set(['aws', 'az', 'gcloud', 'kubectl', 'docker', 'podman', 'helm', 'gsutil', 'oc', 'terraform', 'sam', 'eksctl']);

/**
 * A predicate telling whether a switch of `name` takes the next word as its value. Switch names come lower
 * case for Windows tools and PowerShell, as written for POSIX tools. sc.exe's `binPath=` style options
 * always take the next word.
 */
export function valueSwitches(name: string, dialect: Dialect): (switchName: string) => boolean {
  const known = TABLE[name];
  if (known) return (s) => known.has(s) || s.endsWith('=');
  if (isCmdletName(name) || (dialect === 'powershell' && name in POWERSHELL_ALIAS_CMDLETS))
    return (s) => s.startsWith('-') && !s.startsWith('--') && !POWERSHELL_SWITCH_PARAMETERS.has(s);
  if (CLOUD_CLIS.has(name)) return (s) => s.startsWith('--') || /^-[a-z]$/i.test(s);
  return (s) => s.endsWith('=');
}
