import { commandFacts, scriptBlockCodeOf, type CommandFacts } from '@huntforge/observables';
import { registryWrites, sysmonRendering } from '../templates/registry-writes';
import { installedDriverPaths } from '../templates/driver-loads';
import { stagedPayloadPaths } from '../templates/staged-payloads';
import { bitsJobs } from './bits-jobs';
import { credentialTheftTraces } from './credential-theft-traces';
import { defenderPreferenceWrites } from './defender-settings';
import type { SigmaEvent } from './event-fields';
import { relayedExecution } from './relayed-execution';
import { remoteAccessRecords } from './remote-access-records';
import { remoteToolTraces } from './remote-tool-traces';
import { serviceStates } from './service-states';
import { toolTraces } from './tool-traces';
import { windowsLogRecords } from './windows-log-records';

/**
 * What a command line leaves in telemetry besides its own process: the registry values `reg add` /
 * `Set-ItemProperty` / `Set-MpPreference` write and the keys `reg delete` removes (Sysmon registry events), the service `sc create` or
 * `New-Service` installs (System 7045, Security 4697; a kernel driver's load, Sysmon 6), and the script block PowerShell logs for the code it was given
 * (4104, with `-EncodedCommand` decoded), the processes other components start for it (relayed-execution.ts) and the
 * traces well-known tools leave (tool-traces.ts, credential-theft-traces.ts), the account, log-clearing and firewall records Windows keeps
 * (windows-log-records.ts). A lab's rules on those logs fire on these, not on the command line.
 */
export function commandSideEffects(executed: string, windows: boolean): SigmaEvent[] {
  if (!windows) return [];
  // The command-line model reads cmd's escaped quotes (`cmd /C "reg add \"HKLM\…\" …"`) and looks through wrappers.
  const facts = commandFacts(executed, { platform: 'windows' });
  return [
    ...registrySets(executed),
    ...defenderPreferenceWrites(facts),
    ...registryDeletes(facts),
    ...serviceInstalls(facts),
    // A kernel service's binary is a driver: the kernel loads it when the service starts (Sysmon 6).
    ...installedDriverPaths(executed).map((path) => ({ EventID: 6, ImageLoaded: path })),
    ...netChild(facts),
    ...scriptBlocks(facts),
    ...relayedExecution(facts),
    ...toolTraces(facts),
    ...credentialTheftTraces(facts),
    ...windowsLogRecords(facts),
    ...remoteAccessRecords(facts),
    ...serviceStates(facts),
    ...bitsJobs(facts),
    ...stagedPayloadPaths(executed).map((path) => ({ EventID: 11, Image: 'C:\\Windows\\explorer.exe', TargetFilename: path })),
    ...remoteToolTraces(facts),
  ];
}

const HIVE_NAMES: Array<[RegExp, string]> = [
  [/^(?:HKEY_LOCAL_MACHINE|HKLM)$/i, 'HKLM'],
  [/^(?:HKEY_CURRENT_USER|HKCU)$/i, 'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001'],
  [/^(?:HKEY_CLASSES_ROOT|HKCR)$/i, 'HKCR'],
  [/^(?:HKEY_USERS|HKU)$/i, 'HKU'],
];

/** The hive a command names before a key (as Sysmon writes it), HKLM when it names none. */
function hiveBefore(executed: string, key: string): string {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\\/g, '\\\\+');
  const hive = new RegExp(`(HKEY_[A-Z_]+|HK[A-Z]{1,2}):?\\\\+${escaped}`, 'i').exec(executed)?.[1] ?? 'HKLM';
  return HIVE_NAMES.find(([pattern]) => pattern.test(hive))?.[1] ?? 'HKLM';
}

function registrySets(executed: string): SigmaEvent[] {
  // A key the article elided (`"...Services\Sense"`) is not a path telemetry records.
  return registryWrites([executed])
    .filter((write) => !/\.\.\.|…/.test(write.key))
    .map((write) => ({
      EventID: 13,
      EventType: 'SetValue',
      TargetObject: `${hiveBefore(executed, write.key)}\\${write.key}${write.name ? `\\${write.name}` : '\\(Default)'}`,
      Details: sysmonRendering(write),
      Image: 'C:\\Windows\\System32\\reg.exe',
    }));
}

/** `reg delete <key> [/v <name> | /va]`: Sysmon's DeleteValue (or DeleteKey) event. */
function registryDeletes(facts: CommandFacts): SigmaEvent[] {
  return facts.registry
    .filter((operation) => operation.tool === 'reg' && operation.action === 'delete')
    .map((operation) => {
      const match = /^(HKEY_[A-Z_]+|HK[A-Z]{1,2}):?\\+(.*)$/i.exec(operation.key);
      const hive = HIVE_NAMES.find(([pattern]) => pattern.test(match?.[1] ?? 'HKLM'))?.[1] ?? 'HKLM';
      const key = `${hive}\\${(match?.[2] ?? operation.key).replace(/\\+$/, '')}`;
      const name = operation.valueName;
      return {
        EventID: 12,
        EventType: name ? 'DeleteValue' : 'DeleteKey',
        TargetObject: name ? `${key}\\${name}` : key,
        Image: 'C:\\Windows\\System32\\reg.exe',
      };
    });
}

/**
 * `net user|group|localgroup|accounts …`: net.exe hands these to net1.exe, which Windows starts as its child with
 * the same arguments (rules on account discovery read either image).
 */
function netChild(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation): SigmaEvent[] => {
    const verb = invocation.subcommands[0];
    if (invocation.name !== 'net' || !verb || !NET1_VERBS.has(verb.value.toLowerCase())) return [];
    const line = invocation.text.trim();
    return [
      {
        EventID: 1,
        Image: 'C:\\Windows\\System32\\net1.exe',
        OriginalFileName: 'net1.exe',
        CommandLine: `C:\\Windows\\system32\\net1 ${line.slice(verb.start - invocation.start).trim()}`,
        ParentImage: 'C:\\Windows\\System32\\net.exe',
        ParentCommandLine: line,
      },
    ];
  });
}

const NET1_VERBS = new Set(['user', 'group', 'localgroup', 'accounts']);
// The service managers whose create installs a service through the Service Control Manager.
const INSTALLERS = new Set(['sc', 'powershell']);

/**
 * `sc [\\\\host] create <name> binPath= <path>` or PowerShell's `New-Service -Name <name> -BinaryPathName <path>`: both
 * ask the Service Control Manager to install the service, which the System and Security logs record alike.
 */
function serviceInstalls(facts: CommandFacts): SigmaEvent[] {
  return facts.services
    .filter((service) => INSTALLERS.has(service.manager) && service.action === 'create' && service.binaryPath)
    .flatMap(({ name, binaryPath = '' }) => [
      {
        EventID: 7045,
        Provider_Name: 'Service Control Manager',
        Channel: 'System',
        ServiceName: name,
        ImagePath: binaryPath,
        ServiceFileName: binaryPath,
      },
      { EventID: 4697, Channel: 'Security', ServiceName: name, ServiceFileName: binaryPath },
    ]);
}

function scriptBlocks(facts: CommandFacts): SigmaEvent[] {
  const code = scriptBlockCodeOf(facts);
  return code ? [{ EventID: 4104, Channel: 'Microsoft-Windows-PowerShell/Operational', ScriptBlockText: code }] : [];
}
