import { BusTimeoutError, type Bus } from '@huntforge/bus';
import { SCHEDULED_JOBS, scheduledJobRunKey } from '@huntforge/contracts';
import type { JobRun } from '@huntforge/contracts/http';
import { HttpError, type Logger } from '@huntforge/platform';

/** How long the request waits for the job to finish; longer runs keep going and appear in the history. */
export const JOB_RUN_WAIT_MS = 120_000;

export interface RunScheduledJobDeps {
  bus: Pick<Bus, 'request'>;
  logger: Logger;
  /** How long to wait for the run (default JOB_RUN_WAIT_MS). */
  waitMs?: number;
}

export interface RunScheduledJobCommand {
  jobId: string;
  /** Who asked (logged); null when authentication is off. */
  actor: string | null;
}

/** POST /api/scheduled-jobs/{id}/run: runs a job now in whichever service's scheduler has it, and answers with the finished run. */
export async function runScheduledJob(deps: RunScheduledJobDeps, command: RunScheduledJobCommand): Promise<JobRun> {
  const { jobId, actor } = command;
  if (!SCHEDULED_JOBS.some((job) => job.id === jobId))
    throw new HttpError(404, 'unknown_job', `Unknown scheduled job: ${jobId}`, { job_id: jobId });
  deps.logger.info({ job: jobId, actor }, 'scheduled job run requested');
  const waitMs = deps.waitMs ?? JOB_RUN_WAIT_MS;
  try {
    return await deps.bus.request<Record<string, never>, JobRun>(scheduledJobRunKey(jobId), {}, { timeoutMs: waitMs });
  } catch (error) {
    if (error instanceof BusTimeoutError) {
      throw new HttpError(
        504,
        'job_run_timeout',
        `No run of ${jobId} finished within ${Math.round(waitMs / 1000)} s: no service runs it, or it is still running`,
        {
          job_id: jobId,
        },
      );
    }
    throw error;
  }
}
