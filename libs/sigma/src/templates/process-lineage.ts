/**
 * Which parent→child pairs are a finding in themselves, as an engineer's ParentImage rule reads them. Knowledge
 * goes here, not into ifs: classes of parents and what they should not start.
 */

const names = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

// Documents, readers and script hosts: in normal use they start no program at all, so any child is the finding
// (a macro, an exploit or a script starting its payload).
const NEVER_PARENTS = names(`
  winword excel powerpnt outlook onenote msaccess mspub visio wordpad eqnedt32 acrord32 acrobat foxitreader foxitpdfreader
  mshta wscript cscript hh pcalua notepad
`);

// Servers, application runtimes, browsers and system brokers: they start programs in normal use (a build step, a
// helper, an update), but not a shell, a living-off-the-land binary, a downloader or a miner; one of those is
// code the intruder got them to run (a web shell, a deserialisation exploit, a malicious dependency).
const SERVICE_PARENTS = names(`
  w3wp httpd apache apache2 nginx lighttpd php php-cgi php-fpm tomcat tomcat7 tomcat8 tomcat9 tomcat10 jboss weblogic
  java javaw node ruby python python3 perl dotnet
  sqlservr postgres mysqld mariadbd oracle redis-server mongod
  chrome msedge firefox iexplore brave opera safari
  wmiprvse regsvr32 rundll32 msiexec spoolsv
`);

// What those parents should not start: shells, living-off-the-land binaries, downloaders, miners.
const SUSPICIOUS_CHILDREN = names(`
  cmd powershell pwsh sh bash zsh dash ksh csh tcsh fish
  rundll32 regsvr32 mshta certutil bitsadmin wmic msiexec cscript wscript schtasks at reg sc net net1 whoami nltest
  systeminfo ipconfig tasklist quser query hostname id uname
  curl wget nc ncat netcat socat telnet ssh scp ftp tftp base64 chmod crontab
  xmrig
`);

// Programs that destroy backups, recovery settings or logs: a step before encryption or after an intrusion. The
// shells, consoles and schedulers an administrator runs them from are their usual parents; anything else starting
// one (a side-loaded agent, an office or a server process) is the intruder's code doing it.
const RECOVERY_TAMPERING = names(`vssadmin wbadmin bcdedit wevtutil diskshadow`);
const USUAL_LAUNCHERS = names(`
  cmd powershell pwsh powershell_ise explorer services svchost mmc taskeng taskhostw wmiprvse runonce userinit
  sh bash zsh dash sudo su cron crond systemd
`);

/** A program's bare name, lower case, without a Windows extension: `C:\Windows\System32\WINWORD.EXE` is `winword`. */
export const lineageName = (image: string): string =>
  (image.split(/[\\/]/).pop() ?? image).toLowerCase().replace(/\.(?:exe|com|bat|cmd)$/, '');

/**
 * True when a parent starting this child is unusual enough to be the finding: any child of a document or script
 * host, a shell or living-off-the-land binary, downloader or miner of a server, runtime or browser, a backup,
 * recovery or log destroyer of anything but a shell, console or scheduler.
 */
export function isSuspiciousLineage(parent: string, child: string): boolean {
  const parentName = lineageName(parent);
  const childName = lineageName(child);
  if (parentName === childName) return false;
  if (NEVER_PARENTS.has(parentName)) return true;
  if (RECOVERY_TAMPERING.has(childName) && !USUAL_LAUNCHERS.has(parentName)) return true;
  return SERVICE_PARENTS.has(parentName) && SUSPICIOUS_CHILDREN.has(childName);
}
