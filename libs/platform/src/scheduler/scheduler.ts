import type { Cron } from 'croner';
import type {
  JobLockRepository,
  JobRunRecord,
  JobRunRepository,
  ScheduledJobConfigRecord,
  ScheduledJobConfigRepository,
} from '@huntforge/data';
import type { Logger } from '../logging/logger';
import { isValidCron, scheduleCron } from './cron-pattern';
import { UnknownScheduledJobError, type JobStatus, type ScheduledJob, type Scheduler } from './job-types';
import { recordSkip, runWithLease, type LeaseDeps } from './run-with-lease';

export type { JobStatus, ScheduledJob, ScheduledJobContext, Scheduler } from './job-types';
export { UnknownScheduledJobError } from './job-types';
export { cronProblem } from './cron-pattern';

export interface CreateSchedulerOptions {
  logger: Logger;
  locks: JobLockRepository;
  runs: JobRunRepository;
  /** Source of DB overrides for editable jobs; without it every job keeps its registered schedule. */
  configs?: ScheduledJobConfigRepository;
  /** Identifies this replica in leases and run records, e.g. `${hostname}:${pid}:${service}`. */
  holder: string;
  /** How often configuration rows are re-read. Default 30 s. */
  pollMs?: number;
  timezone?: 'UTC';
}

const DEFAULT_POLL_MS = 30_000;
/** A scheduled tick keeps its lease at least this long (capped at half the interval), see RunRequest.holdUntil. */
const TICK_HOLD_MS = 30_000;

interface JobState {
  job: ScheduledJob;
  cron: string;
  enabled: boolean;
  timer: Cron | null;
  active: { controller: AbortController; done: Promise<JobRunRecord | null> } | null;
  /** Last invalid DB pattern reported, so a bad row is logged once rather than every poll. */
  rejectedCron?: string;
}

/**
 * Cron jobs that run in one replica at a time. Every replica schedules every job; at each tick the
 * replica that takes the job's lease runs it, renews the lease while running, and records the run.
 */
export function createScheduler(options: CreateSchedulerOptions): Scheduler {
  const { logger, configs } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const deps: LeaseDeps = { locks: options.locks, runs: options.runs, holder: options.holder, logger };
  const states = new Map<string, JobState>();
  let phase: 'idle' | 'started' | 'stopped' = 'idle';
  let pollTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;

  function stateOf(id: string): JobState {
    const state = states.get(id);
    if (!state) throw new UnknownScheduledJobError(id);
    return state;
  }

  function schedule(state: JobState): void {
    state.timer?.stop();
    state.timer = null;
    if (phase !== 'started' || !state.enabled) return;
    state.timer = scheduleCron(state.cron, () => onTick(state));
  }

  function onTick(state: JobState): void {
    if (state.active) {
      logger.info({ job: state.job.id }, 'previous run still in progress; tick skipped');
      return;
    }
    const now = Date.now();
    const next = state.timer?.nextRun()?.getTime() ?? now + 2 * TICK_HOLD_MS;
    const holdUntil = now + Math.min(TICK_HOLD_MS, (next - now) / 2);
    launch(state, false, holdUntil).catch((error: unknown) =>
      logger.error({ err: error, job: state.job.id }, 'scheduled run could not start'),
    );
  }

  /** Starts a run and tracks it so the job never overlaps itself in this process. */
  function launch(state: JobState, manual: boolean, holdUntil?: number): Promise<JobRunRecord | null> {
    const controller = new AbortController();
    const done = runWithLease({ job: state.job, controller, manual, holdUntil }, deps).finally(() => {
      state.active = null;
    });
    state.active = { controller, done };
    return done;
  }

  async function reload(): Promise<void> {
    if (!configs) return;
    let rows: ScheduledJobConfigRecord[];
    try {
      rows = await configs.list();
    } catch (error) {
      logger.warn({ err: error }, 'could not read scheduled job configuration; keeping current schedules');
      return;
    }
    const rowById = new Map(rows.map((row) => [row.jobId, row]));
    for (const state of states.values()) {
      if (!state.job.editable) continue;
      const row = rowById.get(state.job.id);
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
      if (enabled === state.enabled && cron === state.cron) continue;
      logger.info({ job: state.job.id, enabled, cron, previous: { enabled: state.enabled, cron: state.cron } }, 'schedule changed');
      state.enabled = enabled;
      state.cron = cron;
      schedule(state);
    }
  }

  function pollLater(): void {
    pollTimer = setTimeout(() => {
      void reload().finally(() => {
        if (phase === 'started') pollLater();
      });
    }, pollMs);
  }

  return {
    register(job) {
      if (phase === 'stopped') throw new Error(`cannot register ${job.id}: the scheduler is stopped`);
      if (states.has(job.id)) throw new Error(`scheduled job ${job.id} is already registered`);
      if (!isValidCron(job.cron)) throw new Error(`scheduled job ${job.id} has an invalid cron pattern: ${job.cron}`);
      const state: JobState = { job, cron: job.cron, enabled: job.enabled ?? true, timer: null, active: null };
      states.set(job.id, state);
      schedule(state);
    },

    async start() {
      if (phase === 'started') return;
      if (phase === 'stopped') throw new Error('a stopped scheduler cannot be restarted');
      phase = 'started';
      await reload();
      for (const state of states.values()) schedule(state);
      pollLater();
      logger.info({ jobs: [...states.keys()], holder: options.holder, pollMs }, 'scheduler started');
    },

    stop() {
      stopping ??= (async () => {
        phase = 'stopped';
        clearTimeout(pollTimer);
        const running: Array<Promise<unknown>> = [];
        for (const state of states.values()) {
          state.timer?.stop();
          state.timer = null;
          if (state.active) {
            state.active.controller.abort(new Error('scheduler stopping'));
            running.push(state.active.done.catch(() => undefined));
          }
        }
        await Promise.all(running);
        logger.info({ waitedFor: running.length }, 'scheduler stopped');
      })();
      return stopping;
    },

    list() {
      return [...states.values()].map((state): JobStatus => ({
        id: state.job.id,
        cron: state.cron,
        enabled: state.enabled,
        editable: state.job.editable,
        nextRunAt: state.timer?.nextRun() ?? null,
        running: state.active !== null,
      }));
    },

    async runNow(id) {
      const state = stateOf(id);
      if (phase === 'stopped') throw new Error(`cannot run ${id}: the scheduler is stopped`);
      if (state.active) return recordSkip(options.runs, id, options.holder, 'already running in this replica');
      const record = await launch(state, true);
      // Manual runs always produce a record; null would mean runWithLease broke its contract.
      if (!record) throw new Error(`run of ${id} produced no record`);
      return record;
    },

    reload,
  };
}
