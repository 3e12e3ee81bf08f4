import type { JobRunRecord } from '@huntforge/data';
import type { Logger } from '../logging/logger';

export interface ScheduledJobContext {
  /** Aborted when the scheduler stops or this replica loses the job's lease; long jobs should check it. */
  signal: AbortSignal;
  /** Carries `job` and `runId` on every line. */
  logger: Logger;
  runId: number;
}

export interface ScheduledJob {
  id: string;
  /** Crontab expression, evaluated in UTC. */
  cron: string;
  /** Editable jobs take `enabled` and `cron` from the scheduled-job configuration rows when present. */
  editable: boolean;
  /** Default true. */
  enabled?: boolean;
  /** How long one replica holds the job before another may take over if it dies; renewed while running. Default 60 s. */
  leaseMs?: number;
  /** The resolved value is stored as the run's detail. */
  run(ctx: ScheduledJobContext): Promise<unknown>;
}

export interface JobStatus {
  id: string;
  cron: string;
  enabled: boolean;
  editable: boolean;
  /** Null while disabled or while the scheduler is not started. */
  nextRunAt: Date | null;
  /** Running in this replica. */
  running: boolean;
}

export interface Scheduler {
  register(job: ScheduledJob): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  list(): JobStatus[];
  /** Runs the job now (even when disabled) and resolves with its finished run record; a skip is recorded too. */
  runNow(id: string): Promise<JobRunRecord>;
  /** Re-reads the configuration rows; called every poll interval while started. */
  reload(): Promise<void>;
}

export class UnknownScheduledJobError extends Error {
  constructor(readonly jobId: string) {
    super(`No scheduled job with id ${jobId}`);
    this.name = 'UnknownScheduledJobError';
  }
}
