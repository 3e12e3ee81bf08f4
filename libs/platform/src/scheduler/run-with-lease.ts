import type { JobLockRepository, JobOutcome, JobRunRecord, JobRunRepository } from '@huntforge/data';
import type { Logger } from '../logging/logger';
import type { ScheduledJob } from './job-types';

export const DEFAULT_LEASE_MS = 60_000;

export interface LeaseDeps {
  locks: JobLockRepository;
  runs: JobRunRepository;
  holder: string;
  logger: Logger;
}

export interface RunRequest {
  job: ScheduledJob;
  controller: AbortController;
  /** Manual runs record a skip when another replica holds the lease; scheduled ticks only log it. */
  manual: boolean;
  /**
   * Keep the lease until this time even if the run ends sooner. Every replica fires the same tick; a
   * replica whose timer fires late must not find the lease already released and run the tick again.
   */
  holdUntil?: number;
}

/**
 * One run under the job's lease: acquire (or skip), record the start, renew while running, record the
 * outcome, then release. Resolves with the finished run record, or null for a tick another replica took.
 */
export async function runWithLease(request: RunRequest, deps: LeaseDeps): Promise<JobRunRecord | null> {
  const { job, controller } = request;
  const { locks, runs, holder, logger } = deps;
  const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;

  if (!(await locks.tryAcquire(job.id, holder, leaseMs))) {
    if (!request.manual) {
      logger.debug({ job: job.id }, 'lease held by another replica; tick skipped');
      return null;
    }
    return recordSkip(runs, job.id, holder, 'lease held by another replica');
  }

  let record: JobRunRecord;
  try {
    record = await runs.start(job.id, holder);
  } catch (error) {
    await releaseLease(request, deps);
    throw error;
  }

  const jobLogger = logger.child({ job: job.id, runId: record.id });
  if (controller.signal.aborted) {
    // Stopped between the trigger and now: a job listening for `abort` would never hear it.
    await releaseLease(request, deps);
    return finish(runs, record, 'skipped', { reason: abortReason(controller) }, jobLogger);
  }
  const renewal = keepLease(job.id, leaseMs, controller, deps, jobLogger);
  const started = Date.now();
  jobLogger.info('job started');
  try {
    const result = await job.run({ signal: controller.signal, logger: jobLogger, runId: record.id });
    jobLogger.info({ durationMs: Date.now() - started }, 'job succeeded');
    return await finish(runs, record, 'succeeded', result ?? null, jobLogger);
  } catch (error) {
    const aborted = controller.signal.aborted;
    jobLogger.error({ err: error, durationMs: Date.now() - started, aborted }, 'job failed');
    return await finish(runs, record, 'failed', failureDetail(error, controller), jobLogger);
  } finally {
    clearInterval(renewal);
    await releaseLease(request, deps);
  }
}

/** A run that did not happen, recorded so a manual trigger always leaves a trace. */
export async function recordSkip(runs: JobRunRepository, jobId: string, holder: string, reason: string): Promise<JobRunRecord> {
  const record = await runs.start(jobId, holder);
  return runs.finish(record.id, 'skipped', { reason });
}

function keepLease(jobId: string, leaseMs: number, controller: AbortController, deps: LeaseDeps, logger: Logger): NodeJS.Timeout {
  return setInterval(
    () => {
      deps.locks.tryAcquire(jobId, deps.holder, leaseMs).then(
        (kept) => {
          if (kept || controller.signal.aborted) return;
          // Another replica may start the job now; stop rather than run twice.
          logger.warn('lease lost to another replica; aborting run');
          controller.abort(new Error('lease lost'));
        },
        (error: unknown) => logger.warn({ err: error }, 'lease renewal failed; retrying'),
      );
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
}

async function finish(
  runs: JobRunRepository,
  record: JobRunRecord,
  outcome: JobOutcome,
  detail: unknown,
  logger: Logger,
): Promise<JobRunRecord> {
  try {
    return await runs.finish(record.id, outcome, detail);
  } catch (error) {
    logger.error({ err: error, outcome }, 'could not record the job outcome');
    return { ...record, outcome, detail, finishedAt: new Date() };
  }
}

async function releaseLease(request: RunRequest, deps: LeaseDeps): Promise<void> {
  const { job } = request;
  try {
    const remaining = (request.holdUntil ?? 0) - Date.now();
    if (remaining > 0) await deps.locks.tryAcquire(job.id, deps.holder, remaining);
    else await deps.locks.release(job.id, deps.holder);
  } catch (error) {
    // The lease expires on its own; another replica waits at most leaseMs.
    deps.logger.warn({ err: error, job: job.id }, 'could not release the job lease');
  }
}

function failureDetail(error: unknown, controller: AbortController): Record<string, unknown> {
  const message = error instanceof Error ? error.message : String(error);
  return controller.signal.aborted ? { error: message, aborted: true, reason: abortReason(controller) } : { error: message };
}

function abortReason(controller: AbortController): string {
  const reason: unknown = controller.signal.reason;
  return reason instanceof Error ? reason.message : String(reason);
}
