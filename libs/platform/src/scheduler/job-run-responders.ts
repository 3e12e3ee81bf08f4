import type { Bus, Subscription } from '@huntforge/bus';
import { scheduledJobRunKey } from '@huntforge/contracts';
import type { JobRun } from '@huntforge/contracts/http';
import type { JobRunRecord } from '@huntforge/data';
import type { Scheduler } from './job-types';

export function jobRunBody(record: JobRunRecord): JobRun {
  return {
    id: record.id,
    job_id: record.jobId,
    holder: record.holder,
    started_at: record.startedAt.toISOString(),
    finished_at: record.finishedAt ? record.finishedAt.toISOString() : null,
    outcome: record.outcome,
    detail: record.detail ?? null,
  };
}

/**
 * Answers "run this job now" for every job this process's scheduler has, so the gateway can start a
 * job that lives in another service. Replicas of one service share each request queue: one runs it.
 */
export async function respondToJobRuns(bus: Bus, scheduler: Scheduler): Promise<Subscription[]> {
  const subscriptions: Subscription[] = [];
  for (const job of scheduler.list()) {
    subscriptions.push(
      await bus.respond<unknown, JobRun>(scheduledJobRunKey(job.id), async () => jobRunBody(await scheduler.runNow(job.id))),
    );
  }
  return subscriptions;
}
