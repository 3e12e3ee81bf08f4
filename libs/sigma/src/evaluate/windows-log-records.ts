import type { CommandFacts, Invocation } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';

/**
 * The records Windows' own logs keep of what a command changed, which rules on the Security, System and firewall
 * logs read: an account created (4720) or added to a group (4732 local, 4728 global, 4756 universal) by `net user /add`,
 * `net localgroup|group … /add`, `New-LocalUser`, `Add-LocalGroupMember`; a log cleared by `wevtutil cl` or
 * `Clear-EventLog` (Security's 1102, System's 104 naming the log); a firewall rule added by `netsh advfirewall firewall
 * add rule` or `New-NetFirewallRule` (the firewall log's 2004, with the program it lets through); a hive `reg save` copies
 * (the handle on the hive's key it asks for, 4656, where object access auditing covers the SAM, SYSTEM and SECURITY keys).
 */
export function windowsLogRecords(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation) => [
    ...accountChanges(invocation),
    ...logsCleared(invocation),
    ...firewallRules(invocation),
    ...hiveSaved(invocation),
  ]);
}

// The hives whose copy gives an intruder the local accounts' hashes and the secrets LSA keeps (and the key to read them).
const CREDENTIAL_HIVES = /^(?:HKLM|HKEY_LOCAL_MACHINE)\\+(SAM|SYSTEM|SECURITY)\\*$/i;

function hiveSaved(invocation: Invocation): SigmaEvent[] {
  if (invocation.name !== 'reg' || invocation.subcommands[0]?.value.toLowerCase() !== 'save') return [];
  const hive = invocation.positionals.map((word) => CREDENTIAL_HIVES.exec(word.value)?.[1]).find(Boolean);
  if (!hive) return [];
  return [
    {
      EventID: 4656,
      Channel: 'Security',
      ...SUBJECT,
      ObjectServer: 'Security',
      ObjectType: 'Key',
      ObjectName: `\\REGISTRY\\MACHINE\\${hive.toUpperCase()}`,
      AccessMask: '0x20019',
      ProcessName: 'C:\\Windows\\System32\\reg.exe',
    },
  ];
}

const switchValue = (invocation: Invocation, ...names: string[]) => invocation.switches.find((s) => names.includes(s.name))?.value?.value;
const hasSwitch = (invocation: Invocation, name: string) => invocation.switches.some((s) => s.name === name);

const SUBJECT = { SubjectUserName: 'user', SubjectDomainName: 'CONTOSO' };

function accountCreated(name: string): SigmaEvent {
  return { EventID: 4720, Channel: 'Security', TargetUserName: name, SamAccountName: name, ...SUBJECT };
}

function memberAdded(group: string, member: string, scope: 'local' | 'global' | 'universal'): SigmaEvent {
  const administrators = scope === 'local' && /^administrat/i.test(group);
  return {
    EventID: scope === 'local' ? 4732 : scope === 'global' ? 4728 : 4756,
    Channel: 'Security',
    TargetUserName: group,
    ...(administrators ? { TargetSid: 'S-1-5-32-544' } : {}),
    MemberName: member,
    ...SUBJECT,
  };
}

function accountChanges(invocation: Invocation): SigmaEvent[] {
  const positional = (index: number) => invocation.positionals[index]?.value;
  if (invocation.name === 'net' && hasSwitch(invocation, '/add')) {
    const verb = invocation.subcommands[0]?.value.toLowerCase();
    const first = positional(0);
    if (verb === 'user' && first) return [accountCreated(first)];
    const member = positional(1);
    if (verb === 'localgroup' && first && member) return [memberAdded(first, member, 'local')];
    if (verb === 'group' && first && member) return [memberAdded(first, member, 'global')];
    return [];
  }
  if (invocation.name === 'new-localuser') {
    const name = switchValue(invocation, '-name') ?? positional(0);
    return name ? [accountCreated(name)] : [];
  }
  if (invocation.name === 'add-localgroupmember') {
    const group = switchValue(invocation, '-group', '-name', '-sid');
    const member = switchValue(invocation, '-member');
    return group && member ? [memberAdded(group, member, 'local')] : [];
  }
  return [];
}

const LOG_NAMES: Record<string, string> = { security: 'Security', system: 'System', application: 'Application' };

function cleared(log: string): SigmaEvent {
  const channel = LOG_NAMES[log.toLowerCase()] ?? log;
  return channel === 'Security'
    ? { EventID: 1102, Provider_Name: 'Microsoft-Windows-Eventlog', Channel: 'Security' }
    : { EventID: 104, Provider_Name: 'Microsoft-Windows-Eventlog', Channel: channel };
}

function logsCleared(invocation: Invocation): SigmaEvent[] {
  if (invocation.name === 'wevtutil') {
    const verb = invocation.subcommands[0]?.value.toLowerCase();
    const log = invocation.positionals[0]?.value;
    return (verb === 'cl' || verb === 'clear-log') && log && !/^[%$]/.test(log) ? [cleared(log)] : [];
  }
  if (invocation.name === 'clear-eventlog') {
    const logs = switchValue(invocation, '-logname') ?? invocation.positionals[0]?.value ?? '';
    return logs
      .split(',')
      .map((log) => log.trim().replace(/^["']|["']$/g, ''))
      .filter((log) => log !== '' && !log.startsWith('$'))
      .map(cleared);
  }
  return [];
}

function firewallRules(invocation: Invocation): SigmaEvent[] {
  let program: string | undefined;
  let action: string | undefined;
  let name: string | undefined;
  if (invocation.name === 'netsh') {
    const verbs = invocation.subcommands.map((word) => word.value.toLowerCase()).join(' ');
    if (verbs !== 'advfirewall firewall add rule') return [];
    const option = (key: string) =>
      invocation.positionals.find((word) => word.value.toLowerCase().startsWith(`${key}=`))?.value.slice(key.length + 1);
    [program, action, name] = [option('program'), option('action'), option('name')];
  } else if (invocation.name === 'new-netfirewallrule') {
    [program, action, name] = [
      switchValue(invocation, '-program'),
      switchValue(invocation, '-action'),
      switchValue(invocation, '-displayname', '-name'),
    ];
  } else return [];
  return [
    {
      EventID: 2004,
      Channel: 'Microsoft-Windows-Windows Firewall With Advanced Security/Firewall',
      RuleName: name ?? '',
      Action: /^block$/i.test(action ?? '') ? 2 : 3,
      ...(program ? { ApplicationPath: program } : {}),
      ModifyingApplication: invocation.name === 'netsh' ? 'C:\\Windows\\System32\\netsh.exe' : 'C:\\Windows\\System32\\wbem\\WmiPrvSE.exe',
    },
  ];
}
