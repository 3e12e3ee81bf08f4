import { BusTimeoutError, type Bus } from '@huntforge/bus';
import { SCHEDULED_JOBS, scheduledJobRunKey, type JobRun } from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';

/** How long the request waits for the job to finish; longer runs keep going and appear in the history. */
export const JOB_RUN_WAIT_MS = 120_000;

/** Runs a job now in whichever service's scheduler has it, and answers with the finished run. */
export async function runScheduledJob(
  deps: { bus: Bus; logger: Logger; waitMs?: number },
  jobId: string,
  actor: string | null,
): Promise<JobRun> {
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
