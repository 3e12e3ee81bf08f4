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
