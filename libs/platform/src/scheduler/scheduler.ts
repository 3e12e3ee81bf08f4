import type {
  JobLockRepository,
  JobRunRecord,
  JobRunRepository,
  ScheduledJobConfigRecord,
  ScheduledJobConfigRepository,
} from '@huntforge/data';
import type { Logger } from '../logging/logger';
import { isValidCron, scheduleCron } from './cron-pattern';
import { applyConfigRow, jobStatusOf, type JobState } from './job-state';
import { UnknownScheduledJobError, type Scheduler } from './job-types';
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

/** Disarms every timer and aborts every run in progress; resolves, with their number, once those runs ended. */
async function stopJobs(states: Iterable<JobState>): Promise<number> {
  const running: Array<Promise<unknown>> = [];
  for (const state of states) {
    state.timer?.stop();
    state.timer = null;
    if (state.active) {
      state.active.controller.abort(new Error('scheduler stopping'));
      running.push(state.active.done.catch(() => undefined));
    }
  }
  await Promise.all(running);
  return running.length;
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
      if (state.job.editable && applyConfigRow(state, rowById.get(state.job.id), logger)) schedule(state);
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
        const waitedFor = await stopJobs(states.values());
        logger.info({ waitedFor }, 'scheduler stopped');
      })();
      return stopping;
    },

    list() {
      return [...states.values()].map(jobStatusOf);
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
