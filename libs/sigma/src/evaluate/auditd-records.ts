import { lex } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';

/** argv as the shell hands it to the program: quotes and escapes resolved, redirections and operators the shell's. */
const argumentsOf = (text: string) => lex(text, 'posix').flatMap((token) => (token.kind === 'word' ? [token.word.value] : []));

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
