import { escapeRegex } from '../evaluate/wildcard';
import { commandSegments } from './command-program';

/**
 * Commands that act on an existing service rather than install one: `sc stop X`, `sc \\host config X
 * start= disabled`, `net stop X`, `Stop-Service -Name X`, `Set-Service X -StartupType Disabled`. An
 * intruder stopping a security agent is a finding of its own (the verb and the service's name), and is
 * no service installation.
 */
export interface ServiceControl {
  /** The action as typed: stop, config, delete, pause, Stop-Service, Set-Service, ... */
  verb: string;
  /** The service's name as typed (without quotes). */
  name: string;
}

const SC_OR_NET =
  /^(?:["']?(?:[\w:\\.-]*\\)?)(?:sc|net1?)(?:\.exe)?["']?\s+(?:\\\\\S+\s+)?(stop|config|delete|pause|failure)\s+(["']?)([\w.$@{}-]{3,})\2(?=\s|$)/i;
const CMDLET =
  /^(Stop-Service|Set-Service|Suspend-Service|Remove-Service)\s+(?:-(?:Name|ServiceName)\s+)?(["']?)([\w.$@{}-]{3,})\2(?=\s|$)/i;

/** The service a single program run acts on, or null when it does not stop, reconfigure or delete one. */
export function serviceControl(commandLine: string): ServiceControl | null {
  const match = SC_OR_NET.exec(commandLine.trim()) ?? CMDLET.exec(commandLine.trim());
  if (!match || (match[3] as string).startsWith('-')) return null;
  return { verb: match[1] as string, name: match[3] as string };
}

/** `sc [\\host] create NAME` or `New-Service [-Name] NAME`. */
function creates(name: string, commandLine: string): boolean {
  const quoted = `["']?${escapeRegex(name)}["']?(?=\\s|$)`;
  return new RegExp(`\\bsc(?:\\.exe)?["']?\\s+(?:\\\\\\\\\\S+\\s+)?create\\s+${quoted}|\\bNew-Service\\b.*?\\s${quoted}`, 'i').test(
    commandLine,
  );
}

/**
 * True when the article's commands only stop, reconfigure or delete this service and none creates it: an
 * installation rule on its name would fire when the product it belongs to is installed, not on the intrusion.
 */
export function onlyControlled(name: string, commandLines: readonly string[]): boolean {
  const lower = name.toLowerCase();
  const controlled = commandLines.some((line) => commandSegments(line).some((part) => serviceControl(part)?.name.toLowerCase() === lower));
  return controlled && !commandLines.some((line) => creates(name, line));
}

const CREATES_TASK = /(?:^|[\s"'&|;(])\/create\b|\bRegister-ScheduledTask\b|\bNew-ScheduledTask\b|(?:^|[\s"'&|;(])\/xml\b/i;

/**
 * True when the article's commands only run, end, query, change or delete this scheduled task and none
 * creates it (`schtasks /run /tn \Microsoft\Windows\DiskCleanup\SilentCleanup`, a built-in task abused for
 * a UAC bypass): a task-creation rule on its name would never fire on the intrusion.
 */
export function taskOnlyOperated(name: string, commandLines: readonly string[]): boolean {
  const leaf = (name.replace(/^\\+/, '').split('\\').pop() ?? name).toLowerCase();
  const mentioning = commandLines.filter((line) => line.toLowerCase().includes(leaf));
  return mentioning.length > 0 && !mentioning.some((line) => CREATES_TASK.test(line));
}
