import { Cron } from 'croner';

export const SCHEDULER_TIMEZONE = 'UTC';

/** True when croner accepts the pattern (5 fields, or 6 with seconds). */
export function isValidCron(pattern: string): boolean {
  try {
    new Cron(pattern, { timezone: SCHEDULER_TIMEZONE });
    return true;
  } catch {
    return false;
  }
}

/** A timer that calls `onTick` at every match of `pattern` in UTC. */
export function scheduleCron(pattern: string, onTick: () => void): Cron {
  return new Cron(pattern, { timezone: SCHEDULER_TIMEZONE }, onTick);
}

/**
 * Why `expression` is not a usable schedule for a person to configure, or null when it is. Stricter than
 * `isValidCron`: only classic five-field crontab lines (the spec's format), and they must fire at least
 * once, since `0 0 31 2 *` parses but would silently never run.
 */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return `expected 5 crontab fields (minute hour day month weekday), got ${fields.length}`;
  let cron: Cron;
  try {
    cron = new Cron(expression, { paused: true, timezone: SCHEDULER_TIMEZONE });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  try {
    return cron.nextRun() === null ? 'the schedule never fires' : null;
  } finally {
    cron.stop();
  }
}
