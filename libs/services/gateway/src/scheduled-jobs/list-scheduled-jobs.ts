import type { ScheduledJobConfigRecord, ScheduledJobConfigRepository } from '@huntforge/data';
import { SCHEDULED_JOBS } from '@huntforge/contracts';
import type { ScheduledJobsResponse, ScheduledJobView } from '@huntforge/contracts/http';

/** The catalogue merged with stored settings: a stored row wins over the default, but only for editable jobs. */
export function scheduledJobsView(stored: readonly ScheduledJobConfigRecord[]): ScheduledJobsResponse {
  const byId = new Map(stored.map((row) => [row.jobId, row]));
  const jobs: Record<string, ScheduledJobView> = {};
  for (const job of SCHEDULED_JOBS) {
    const row = job.editable ? byId.get(job.id) : undefined;
    jobs[job.id] = {
      enabled: row?.enabled ?? job.enabledByDefault,
      cron: row?.cron ?? job.defaultCron,
      editable: job.editable,
      default_cron: job.defaultCron,
      description: job.description,
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  }
  return { jobs };
}

export interface ListScheduledJobsDeps {
  repo: Pick<ScheduledJobConfigRepository, 'list'>;
}

/** GET /api/scheduled-jobs: every job of the catalogue with its stored or default schedule. */
export async function listScheduledJobs(deps: ListScheduledJobsDeps): Promise<ScheduledJobsResponse> {
  return scheduledJobsView(await deps.repo.list());
}
