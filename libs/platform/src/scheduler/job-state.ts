import type { Cron } from 'croner';
import type { JobRunRecord, ScheduledJobConfigRecord } from '@huntforge/data';
import type { Logger } from '../logging/logger';
import { isValidCron } from './cron-pattern';
import type { JobStatus, ScheduledJob } from './job-types';

/** One registered job in this replica: its effective schedule, its timer and its run in progress. */
export interface JobState {
  job: ScheduledJob;
  cron: string;
  enabled: boolean;
  timer: Cron | null;
  active: { controller: AbortController; done: Promise<JobRunRecord | null> } | null;
  /** Last invalid DB pattern reported, so a bad row is logged once rather than every poll. */
  rejectedCron?: string;
}

/**
 * Takes an editable job's configuration row (or its absence: the registered schedule) into its state; an invalid
 * cron keeps the previous schedule. Returns whether the schedule changed, so the caller re-arms its timer.
 */
export function applyConfigRow(state: JobState, row: ScheduledJobConfigRecord | undefined, logger: Logger): boolean {
  const enabled = row ? row.enabled : (state.job.enabled ?? true);
  let cron = row ? row.cron : state.job.cron;
  if (!isValidCron(cron)) {
    if (state.rejectedCron !== cron) {
      logger.error({ job: state.job.id, cron, kept: state.cron }, 'invalid cron in configuration; keeping the previous schedule');
      state.rejectedCron = cron;
    }
    cron = state.cron;
  } else {
    state.rejectedCron = undefined;
  }
  if (enabled === state.enabled && cron === state.cron) return false;
  logger.info({ job: state.job.id, enabled, cron, previous: { enabled: state.enabled, cron: state.cron } }, 'schedule changed');
  state.enabled = enabled;
  state.cron = cron;
  return true;
}

export function jobStatusOf(state: JobState): JobStatus {
  return {
    id: state.job.id,
    cron: state.cron,
    enabled: state.enabled,
    editable: state.job.editable,
    nextRunAt: state.timer?.nextRun() ?? null,
    running: state.active !== null,
  };
}
