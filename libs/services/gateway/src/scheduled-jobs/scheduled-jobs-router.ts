import { Router } from 'express';
import type { Bus } from '@huntforge/bus';
import { gatewayRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute, type Logger } from '@huntforge/platform';
import { listScheduledJobs } from './list-scheduled-jobs';
import { runScheduledJob } from './run-scheduled-job';
import { updateScheduledJobs, type UpdateScheduledJobsDeps } from './update-scheduled-jobs';

export interface ScheduledJobsRouterDeps {
  repo: UpdateScheduledJobsDeps['repo'];
  bus: Pick<Bus, 'publish' | 'request'>;
  logger: Logger;
  /** How long POST …/run waits for the run (default JOB_RUN_WAIT_MS). */
  jobRunWaitMs?: number;
}

/** Scheduled jobs: HTTP in, command out; the use cases answer. */
export function scheduledJobsRouter(deps: ScheduledJobsRouterDeps): Router {
  const router = Router();
  const runDeps = { bus: deps.bus, logger: deps.logger, waitMs: deps.jobRunWaitMs };
  mountRoute(router, routes.getScheduledJobs, () => listScheduledJobs(deps));
  mountRoute(router, routes.putScheduledJobs, ({ body, req }) => updateScheduledJobs(deps, { jobs: body, actor: actorOf(req) }));
  mountRoute(router, routes.postScheduledJobRun, ({ params, req }) =>
    runScheduledJob(runDeps, { jobId: params.job_id, actor: actorOf(req) }),
  );
  return router;
}
