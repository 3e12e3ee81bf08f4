import { Router } from 'express';
import type { Bus } from '@huntforge/bus';
import type { ScheduledJobConfigRepository } from '@huntforge/data';
import { gatewayRoutes as routes } from '@huntforge/contracts';
import { actorOf, mountRoute, type Logger } from '@huntforge/platform';
import { listScheduledJobs } from './list-scheduled-jobs';
import { runScheduledJob } from './run-scheduled-job';
import { updateScheduledJobs } from './update-scheduled-jobs';

export function scheduledJobsRouter(deps: { repo: ScheduledJobConfigRepository; bus: Bus; logger: Logger; jobRunWaitMs?: number }): Router {
  const router = Router();
  mountRoute(router, routes.getScheduledJobs, async () => listScheduledJobs(deps.repo));
  mountRoute(router, routes.putScheduledJobs, async ({ body, req }) => updateScheduledJobs(deps, body, actorOf(req)));
  mountRoute(router, routes.postScheduledJobRun, async ({ params, req }) =>
    runScheduledJob({ bus: deps.bus, logger: deps.logger, waitMs: deps.jobRunWaitMs }, params.job_id, actorOf(req)),
  );
  return router;
}
