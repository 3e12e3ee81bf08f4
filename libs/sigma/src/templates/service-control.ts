import { commandFacts, type CommandFacts, type ServiceOperation } from '@huntforge/observables';

/**
 * Commands that act on an existing service rather than install one: `sc stop X`, `sc \\host config X
 * start= disabled`, `net stop X`, `Stop-Service -Name X`, `Set-Service X -StartupType Disabled`. An
 * intruder stopping a security agent is a finding of its own (the verb and the service's name), and is
 * no service installation. The commands are read by libs/observables' command-line model.
 */
export interface ServiceControl {
  /** The action as typed: stop, config, delete, pause, Stop-Service, Set-Service, ... */
  verb: string;
  /** The service's name as typed (without quotes). */
  name: string;
}

// What sc and net do to a service that exists; the cmdlets' actions as the model names them.
const SC_CONTROLS = new Set(['stop', 'config', 'delete', 'pause', 'failure']);
const CMDLET_CONTROLS = new Set(['stop', 'config', 'pause', 'delete']);
// A name a rule can look for: three characters at least, no switch, nothing computed.
const NAME = /^[\w.$@{}-][\w.$@{} -]{2,}$/;

function controlOf(operation: ServiceOperation): ServiceControl | null {
  const { manager, action, invocation } = operation;
  const windowsTool = manager === 'sc' || manager === 'net';
  if (windowsTool ? !SC_CONTROLS.has(action) : manager !== 'powershell' || !CMDLET_CONTROLS.has(action)) return null;
  if (!NAME.test(operation.name) || operation.name.startsWith('-')) return null;
  const verb = windowsTool ? invocation.subcommands[0]?.value : invocation.program?.value;
  return verb ? { verb, name: operation.name } : null;
}

/** The service a single program run acts on, or null when it does not stop, reconfigure or delete one. */
export function serviceControl(commandLine: string): ServiceControl | null {
  const facts = commandFacts(commandLine.trim(), { platform: 'windows' });
  const own = facts.parsed.invocations[0];
  const operation = facts.services.find((service) => service.invocation === own);
  return operation ? controlOf(operation) : null;
}

/**
 * True when the article's commands only stop, reconfigure or delete this service and none creates it: an
 * installation rule on its name would fire when the product it belongs to is installed, not on the intrusion.
 */
export function onlyControlled(name: string, commandLines: readonly string[]): boolean {
  const lower = name.toLowerCase();
  const facts = commandLines.map((line) => commandFacts(line, { platform: 'windows' }));
  const operations = facts.flatMap((fact) => fact.services).filter((operation) => operation.name.toLowerCase() === lower);
  const keyWrites = facts.flatMap((fact) => serviceKeyWrites(fact, lower));
  // Writing the service's ImagePath is how a service is installed through the registry; any other value
  // (Start = 4, DeleteFlag) changes a service that exists.
  const installed = operations.some((operation) => operation.action === 'create') || keyWrites.some((write) => write === 'imagepath');
  return (operations.some((operation) => controlOf(operation) !== null) || keyWrites.length > 0) && !installed;
}

const SERVICE_KEY = /\\(?:CurrentControlSet|ControlSet\d{3})\\Services\\([^\\]+)$/i;

/** Lower-cased names of the values a command writes or deletes under this service's own key (`…\Services\<name>`). */
function serviceKeyWrites(facts: CommandFacts, lowerName: string): string[] {
  return facts.registry
    .filter((operation) => operation.action === 'set' || operation.action === 'delete')
    .filter((operation) => SERVICE_KEY.exec(operation.key.replace(/[\\/]+$/, ''))?.[1]?.toLowerCase() === lowerName)
    .map((operation) => (operation.valueName ?? '').toLowerCase());
}

/**
 * True when the article's commands only run, end, query, change or delete this scheduled task and none
 * creates it (`schtasks /run /tn \Microsoft\Windows\DiskCleanup\SilentCleanup`, a built-in task abused for
 * a UAC bypass): a task-creation rule on its name would never fire on the intrusion.
 */
export function taskOnlyOperated(name: string, commandLines: readonly string[]): boolean {
  const leafOf = (task: string) => (task.replace(/^\\+/, '').split('\\').pop() ?? task).toLowerCase();
  const leaf = leafOf(name);
  const mentioning = commandLines.filter((line) => line.toLowerCase().includes(leaf));
  const operations = mentioning.flatMap((line) => commandFacts(line, { platform: 'windows' }).tasks);
  const named = operations.filter((operation) => operation.name !== undefined && leafOf(operation.name) === leaf);
  // A task created without its name on the line (`Register-ScheduledTask -TaskName $n`, `/xml`) may be this one.
  const created = operations.some(
    (operation) => operation.action === 'create' && (operation.name === undefined || named.includes(operation)),
  );
  return named.some((operation) => operation.action !== 'create') && !created;
}
