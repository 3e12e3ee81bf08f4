import type { SigmaEvent } from './event-fields';

const argumentsOf = (text: string) =>
  (text.match(/"(?:\\"|[^"])*"|'[^']*'|\S+/g) ?? []).map((arg) => arg.replace(/^(["'])([\s\S]*)\1$/, '$2'));

/**
 * What Linux auditd logs for the same activity, as SigmaHQ's auditd rules read it: an EXECVE record per
 * program started (its arguments as a0, a1, …; auditd keeps argv as typed) and a PATH record per file
 * written. Rules keyed on `type: EXECVE` with keywords, or on `type: PATH` with `name`, read these.
 */
export function auditdRecords(events: readonly SigmaEvent[]): SigmaEvent[] {
  return events.flatMap((event): SigmaEvent[] => {
    if (event['EventID'] === 1 && typeof event['CommandLine'] === 'string') {
      const args = argumentsOf(event['CommandLine']);
      if (args.length === 0) return [];
      return [{ type: 'EXECVE', argc: args.length, ...Object.fromEntries(args.map((arg, index) => [`a${index}`, arg])) }];
    }
    if (event['EventID'] === 11 && typeof event['TargetFilename'] === 'string')
      return [{ type: 'PATH', name: event['TargetFilename'], nametype: 'CREATE' }];
    return [];
  });
}
