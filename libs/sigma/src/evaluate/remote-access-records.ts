import type { CommandFacts, Invocation } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';
import { imageOf, processEventOn } from './process-event';

/**
 * What the target of a remote operation logs, which rules on the Security log and on Sysmon read there (a lab's
 * hosts all log): a share connected to (Security 5140, the share as `\\*\C$`) and each file or pipe opened through it
 * (5145: a file copied to `\\host\C$\…`, the service manager's `svcctl` pipe `sc \\host` and PsExec talk through,
 * the Task Scheduler's `atsvc` for `schtasks /s host`, the remote registry's `winreg`, PsExec's own stdin/stdout/stderr
 * pipes), with the network logon (4624) that carries it. Also a PowerShell remoting session (the WinRM connection and
 * the wsmprovhost.exe that runs the session), an RDP connection (mstsc's connection, the target's logon of type 10) and
 * a logon with other credentials (`runas /netonly`, Mimikatz's pass-the-hash: a type 9 logon through seclogo), and the
 * source's record of credentials given for a remote host (4648: `net use … /user:`, `wmic /node: /user:`, `winrs -u:`,
 * `psexec -u`, PowerShell remoting with `-Credential`), naming the program that gave them.
 */
export function remoteAccessRecords(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation) => [
    ...fileCopies(invocation),
    ...shareMounts(invocation),
    ...remoteManagers(invocation),
    ...psexecTarget(invocation),
    ...remoting(invocation),
    ...rdp(invocation),
    ...newCredentials(invocation),
    ...explicitCredentials(invocation),
  ]);
}

const SOURCE_ADDRESS = '10.0.0.10';
const SUBJECT = { SubjectUserName: 'user', SubjectDomainName: 'CONTOSO', IpAddress: SOURCE_ADDRESS, IpPort: '49712' };
const READ = 'ReadData (or ListDirectory)';
const WRITE = 'WriteData (or AddFile)\n\t\t\t\tAppendData (or AddSubdirectory or CreatePipeInstance)';
const PIPE = `READ_CONTROL\n\t\t\t\tSYNCHRONIZE\n\t\t\t\t${READ}\n\t\t\t\t${WRITE}\n\t\t\t\tReadEA\n\t\t\t\tReadAttributes`;

interface Unc {
  host: string;
  share: string;
  /** The path inside the share, without a leading backslash ('' for the share itself). */
  path: string;
}

/** `\\host\share[\path]` (quotes removed), or null. */
function uncOf(word: string): Unc | null {
  const match = /^["']?\\\\([^\\"'\s]+)\\([^\\"'\s]+)\\?([^"']*)["']?$/.exec(word.trim());
  return match ? { host: match[1] as string, share: match[2] as string, path: (match[3] ?? '').replace(/\\+$/, '') } : null;
}

/** Where an administrative share lives on its host (C$ is C:\, ADMIN$ the Windows folder). */
function localPathOf(share: string): string {
  const drive = /^([a-z])\$$/i.exec(share);
  if (drive) return `${(drive[1] as string).toUpperCase()}:\\`;
  if (/^admin\$$/i.test(share)) return 'C:\\Windows';
  return `C:\\${share}`;
}

const shareName = (share: string) => `\\\\*\\${share.toUpperCase()}`;

function logon(type: 3 | 10): SigmaEvent {
  return {
    EventID: 4624,
    Channel: 'Security',
    LogonType: type,
    TargetUserName: 'user',
    TargetDomainName: 'CONTOSO',
    LogonProcessName: type === 10 ? 'User32' : 'Kerberos',
    AuthenticationPackageName: type === 10 ? 'Negotiate' : 'Kerberos',
    IpAddress: SOURCE_ADDRESS,
    WorkstationName: 'WS01',
  };
}

function shareConnected(share: string): SigmaEvent {
  return {
    EventID: 5140,
    Channel: 'Security',
    ShareName: shareName(share),
    ShareLocalPath: share.toUpperCase() === 'IPC$' ? '' : `\\??\\${localPathOf(share)}`,
    ObjectType: 'File',
    AccessMask: '0x1',
    ...SUBJECT,
  };
}

function shareAccess(share: string, relative: string, write: boolean): SigmaEvent {
  return {
    EventID: 5145,
    Channel: 'Security',
    ShareName: shareName(share),
    ShareLocalPath: share.toUpperCase() === 'IPC$' ? '' : `\\??\\${localPathOf(share)}`,
    RelativeTargetName: relative,
    ObjectType: 'File',
    // A pipe is opened for reading and writing at once (and synchronisation): its mask is not a file write's 0x2.
    AccessMask: share.toUpperCase() === 'IPC$' ? '0x12019f' : write ? '0x2' : '0x1',
    AccessList: share.toUpperCase() === 'IPC$' ? PIPE : write ? WRITE : READ,
    ...SUBJECT,
  };
}

/** A named pipe opened on the target's IPC$ for an RPC interface (svcctl, atsvc, winreg): connected and written to. */
function pipeOpened(pipe: string): SigmaEvent[] {
  return [logon(3), shareConnected('IPC$'), shareAccess('IPC$', pipe, true)];
}

// Programs that copy or move files: the last path they are given is where the files go.
const COPIERS = new Set(['copy', 'xcopy', 'robocopy', 'move', 'copy-item', 'move-item', 'cpi', 'mi', 'cp', 'mv']);

/** A file copied to or from a remote share: the target's logon, share connection and file access (written when it is the destination). */
function fileCopies(invocation: Invocation): SigmaEvent[] {
  if (!COPIERS.has(invocation.name)) return [];
  const named = ['-destination', '-path'].flatMap((name) =>
    invocation.switches.filter((s) => s.name === name && s.value).map((s) => s.value?.value ?? ''),
  );
  const words = [...invocation.positionals.map((word) => word.value), ...named];
  const destination = invocation.switches.find((s) => s.name === '-destination')?.value?.value ?? words[words.length - 1];
  const source = words.find((word) => word !== destination && !/^[/-]/.test(word));
  const sourceName = source?.split(/[\\/]/).pop() ?? '';
  return words.flatMap((word): SigmaEvent[] => {
    const unc = uncOf(word);
    if (!unc) return [];
    const write = word === destination;
    // A folder destination (`\\host\C$\ProgramData\`) receives the copied file under its own name.
    const relative =
      write && sourceName && (/\\$/.test(word.replace(/["']$/, '')) || !/\.\w{1,5}$/.test(unc.path))
        ? `${unc.path}\\${sourceName}`.replace(/^\\/, '')
        : unc.path;
    const events = [logon(3), shareConnected(unc.share), shareAccess(unc.share, relative, write)];
    if (write && /\$$/.test(unc.share) && relative)
      events.push({ EventID: 11, Image: 'System', TargetFilename: `${localPathOf(unc.share).replace(/\\$/, '')}\\${relative}` });
    return events;
  });
}

/** `net use \\host\share`: the target's logon and share connection. */
function shareMounts(invocation: Invocation): SigmaEvent[] {
  if (invocation.name !== 'net' || invocation.subcommands[0]?.value.toLowerCase() !== 'use') return [];
  return invocation.positionals.flatMap((word) => {
    const unc = uncOf(word.value);
    return unc ? [logon(3), shareConnected(unc.share)] : [];
  });
}

const hostArgument = (invocation: Invocation) => invocation.args.some((word) => /^\\\\[^\\\s]+\\?$/.test(word.value));

/** `sc \\host …`, `schtasks /s host …`, `reg … \\host\HKLM\…`: the RPC pipe of the manager on the target. */
function remoteManagers(invocation: Invocation): SigmaEvent[] {
  if (invocation.name === 'sc' && hostArgument(invocation)) return pipeOpened('svcctl');
  if (invocation.name === 'schtasks' && invocation.switches.some((s) => s.name === '/s' && s.value)) return pipeOpened('atsvc');
  if (invocation.name === 'reg' && invocation.args.some((word) => /^["']?\\\\[^\\\s]+\\HK/i.test(word.value))) return pipeOpened('winreg');
  return [];
}

/**
 * PsExec on a remote host: its service copied to ADMIN$, the service manager's pipe, and the service's stdin, stdout
 * and stderr pipes named after the source machine (`PSEXESVC-WS01-4242-stdin`); a program it copies (`-c`) lands in ADMIN$ too.
 */
function psexecTarget(invocation: Invocation): SigmaEvent[] {
  if (!/^(?:psexec(?:64)?|paexec)$/.test(invocation.name)) return [];
  if (!invocation.args.some((word) => /^\\\\|^@/.test(word.value))) return [];
  const service = invocation.name === 'paexec' ? 'PAExec' : 'PSEXESVC';
  const copies = invocation.args.some((word) => /^[-/]c$/i.test(word.value));
  const program = invocation.args.find((word) => /\.(?:exe|bat|cmd|ps1|dll)["']?$/i.test(word.value) && !/^\\\\[^\\]+$/.test(word.value));
  const programName = program?.value.replace(/["']/g, '').split('\\').pop();
  return [
    logon(3),
    shareConnected('ADMIN$'),
    shareAccess('ADMIN$', `${service}.exe`, true),
    ...(copies && programName ? [shareAccess('ADMIN$', programName, true)] : []),
    shareConnected('IPC$'),
    shareAccess('IPC$', 'svcctl', true),
    ...['stdin', 'stdout', 'stderr'].map((stream) => shareAccess('IPC$', `${service}-WS01-4242-${stream}`, true)),
  ];
}

const REMOTING = new Set(['invoke-command', 'icm', 'enter-pssession', 'new-pssession', 'etsn', 'nsn']);

/** PowerShell remoting to a computer: the WinRM connection from powershell.exe and the session host on the target. */
function remoting(invocation: Invocation): SigmaEvent[] {
  if (!REMOTING.has(invocation.name)) return [];
  const computer = invocation.switches.find((s) => /^-(?:computername|cn)$/.test(s.name))?.value?.value;
  if (!computer && invocation.name !== 'enter-pssession' && invocation.name !== 'etsn') return [];
  const host = computer ?? invocation.positionals[0]?.value;
  if (!host || host.startsWith('$')) return [];
  const address = /^[\d.]+$/.test(host);
  return [
    {
      EventID: 3,
      Image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
      Initiated: 'true',
      DestinationPort: 5985,
      ...(address ? { DestinationIp: host } : { DestinationHostname: host }),
    },
    logon(3),
    {
      ...processEventOn(true, 'C:\\Windows\\system32\\wsmprovhost.exe -Embedding', null),
      ParentImage: 'C:\\Windows\\System32\\svchost.exe',
      ParentCommandLine: 'C:\\Windows\\system32\\svchost.exe -k DcomLaunch -p',
    },
  ];
}

/** `mstsc /v:host`: mstsc's connection to port 3389 and the target's remote interactive logon. */
function rdp(invocation: Invocation): SigmaEvent[] {
  if (invocation.name !== 'mstsc') return [];
  const target = invocation.args.map((word) => /^\/v:([^\s:]+)/i.exec(word.value)?.[1]).find(Boolean);
  if (!target) return [];
  const address = /^[\d.]+$/.test(target);
  return [
    {
      EventID: 3,
      Image: 'C:\\Windows\\System32\\mstsc.exe',
      Initiated: 'true',
      DestinationPort: 3389,
      ...(address ? { DestinationIp: target } : { DestinationHostname: target }),
    },
    logon(10),
  ];
}

/** `runas /netonly` and Mimikatz's `sekurlsa::pth`: a new-credentials logon (type 9) through the secondary logon service. */
function newCredentials(invocation: Invocation): SigmaEvent[] {
  const netonly = invocation.name === 'runas' && invocation.switches.some((s) => s.name === '/netonly');
  if (!netonly && !/\bsekurlsa::pth\b/i.test(invocation.text)) return [];
  return [
    {
      EventID: 4624,
      Channel: 'Security',
      LogonType: 9,
      LogonProcessName: 'seclogo',
      AuthenticationPackageName: 'Negotiate',
      TargetUserName: 'user',
      TargetOutboundUserName: 'admin',
      IpAddress: '::1',
    },
  ];
}

/** The account and host a program is told to log on to a remote host with, or null when it gives no credentials. */
function credentialsGiven(invocation: Invocation): { account: string; host: string } | null {
  const words = invocation.args.map((word) => word.value);
  const option = (pattern: RegExp) => words.map((word) => pattern.exec(word)?.[1]).find((value) => value !== undefined);
  const next = (pattern: RegExp) => words[words.findIndex((word) => pattern.test(word)) + 1];
  const unc = words.map((word) => /^["']?\\\\([^\\\s"']+)/.exec(word)?.[1]).find(Boolean);
  switch (invocation.name) {
    case 'net': {
      const account = option(/^\/u(?:ser)?:(.+)$/i);
      return invocation.subcommands[0]?.value.toLowerCase() === 'use' && account && unc ? { account, host: unc } : null;
    }
    case 'wmic': {
      const account = option(/^\/user:(.+)$/i);
      const host = option(/^\/node:["']?([^"',\s]+)/i);
      return account && host ? { account, host } : null;
    }
    case 'winrs': {
      const account = option(/^[-/]u(?:sername)?:(.+)$/i);
      const host = option(/^[-/]r(?:emote)?:(?:https?:\/\/)?([^:/\s]+)/i);
      return account && host ? { account, host } : null;
    }
    case 'psexec':
    case 'psexec64':
    case 'paexec': {
      const account = next(/^-u$/i);
      return account && unc ? { account, host: unc } : null;
    }
  }
  if (!REMOTING.has(invocation.name) || !invocation.switches.some((s) => s.name === '-credential')) return null;
  const host = invocation.switches.find((s) => /^-(?:computername|cn)$/.test(s.name))?.value?.value;
  return host && !host.startsWith('$') ? { account: 'admin', host } : null;
}

function explicitCredentials(invocation: Invocation): SigmaEvent[] {
  const given = credentialsGiven(invocation);
  if (!given) return [];
  const [domain, name] = given.account.includes('\\') ? given.account.split('\\', 2) : ['CONTOSO', given.account];
  const program = REMOTING.has(invocation.name)
    ? 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe'
    : imageOf(invocation.text, true);
  return [
    {
      EventID: 4648,
      Channel: 'Security',
      SubjectUserName: 'user',
      SubjectDomainName: 'CONTOSO',
      TargetUserName: name,
      TargetDomainName: domain,
      TargetServerName: given.host,
      TargetInfo: given.host,
      ProcessName: program,
      IpAddress: /^[\d.]+$/.test(given.host) ? given.host : '-',
    },
  ];
}
