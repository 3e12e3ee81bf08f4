import type { Bus } from '@huntforge/bus';
import type { ScheduledJobConfigRepository } from '@huntforge/data';
import { TOPICS, findScheduledJob, type ScheduledJobsChangedPayload } from '@huntforge/contracts';
import type { ScheduledJobsResponse, UpdateScheduledJobsRequest } from '@huntforge/contracts/http';
import { cronProblem, HttpError, type Logger } from '@huntforge/platform';
import { scheduledJobsView } from './list-scheduled-jobs';

export const SCHEDULED_JOBS_UPDATED = 'scheduled_jobs.updated';

export interface UpdateScheduledJobsDeps {
  repo: Pick<ScheduledJobConfigRepository, 'list' | 'saveWithAudit'>;
  bus: Pick<Bus, 'publish'>;
  logger: Logger;
}

export interface UpdateScheduledJobsCommand {
  jobs: UpdateScheduledJobsRequest;
  /** Who asked (audited); null when authentication is off. */
  actor: string | null;
}

/** Refuses the whole request when any job is unknown, fixed or has a bad schedule; nothing is half-applied. */
function validate(request: UpdateScheduledJobsRequest): void {
  const ids = Object.keys(request.jobs);
  const unknown = ids.filter((id) => !findScheduledJob(id));
  if (unknown.length > 0) {
    throw new HttpError(400, 'unknown_job', `Unknown scheduled job: ${unknown.join(', ')}`, { job_ids: unknown });
  }
  const fixed = ids.filter((id) => !findScheduledJob(id)?.editable);
  if (fixed.length > 0) {
    throw new HttpError(400, 'job_not_editable', `Not editable here: ${fixed.join(', ')}`, { job_ids: fixed });
  }
  const badCron = ids.flatMap((id) => {
    const problem = cronProblem(request.jobs[id]?.cron ?? '');
    return problem ? [{ job_id: id, cron: request.jobs[id]?.cron, problem }] : [];
  });
  if (badCron.length > 0) {
    const summary = badCron.map((entry) => `${entry.job_id} (${entry.problem})`).join('; ');
    throw new HttpError(400, 'invalid_cron', `Invalid cron for ${summary}`, { jobs: badCron });
  }
}

/**
 * PUT /api/scheduled-jobs: stores the settings and the audit event in one transaction, then tells the
 * schedulers. The event only shortens the wait: schedulers also poll the table, so a failed publish
 * after the commit is logged rather than reported as a failed update.
 */
export async function updateScheduledJobs(
  deps: UpdateScheduledJobsDeps,
  command: UpdateScheduledJobsCommand,
): Promise<ScheduledJobsResponse> {
  const { jobs: request, actor } = command;
  validate(request);
  const before = scheduledJobsView(await deps.repo.list()).jobs;
  const changes = Object.entries(request.jobs).map(([jobId, setting]) => ({ jobId, enabled: setting.enabled, cron: setting.cron.trim() }));
  const previous = Object.fromEntries(changes.map(({ jobId }) => [jobId, { enabled: before[jobId]?.enabled, cron: before[jobId]?.cron }]));
  const applied: ScheduledJobsChangedPayload['jobs'] = Object.fromEntries(
    changes.map(({ jobId, enabled, cron }) => [jobId, { enabled, cron }]),
  );

  await deps.repo.saveWithAudit(changes, { type: SCHEDULED_JOBS_UPDATED, actor, payload: { jobs: applied, previous } });

  try {
    await deps.bus.publish<ScheduledJobsChangedPayload>(TOPICS.scheduledJobsChanged, { jobs: applied });
  } catch (error) {
    deps.logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'scheduled jobs saved but scheduled-jobs.changed was not published; schedulers pick the change up on their next poll',
    );
  }
  return scheduledJobsView(await deps.repo.list());
}
