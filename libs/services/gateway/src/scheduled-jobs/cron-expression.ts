import { Cron } from 'croner';

/**
 * Why `expression` is not a usable job schedule, or null when it is. Schedules are classic five-field
 * crontab lines (the spec's format) evaluated in UTC, and must fire at least once: `0 0 31 2 *` parses
 * but would silently never run.
 */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return `expected 5 crontab fields (minute hour day month weekday), got ${fields.length}`;
  let cron: Cron;
  try {
    cron = new Cron(expression, { paused: true, timezone: 'UTC' });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  try {
    return cron.nextRun() === null ? 'the schedule never fires' : null;
  } finally {
    cron.stop();
  }
}
