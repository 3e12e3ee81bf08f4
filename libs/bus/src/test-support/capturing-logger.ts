import type { BusLogger } from '../logger';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  obj: Record<string, unknown>;
}

/** A BusLogger that keeps what it is told, so tests can assert on logged reasons. */
export function createCapturingLogger(): BusLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (obj: Record<string, unknown>, msg: string): void => {
      entries.push({ level, msg, obj });
    };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
