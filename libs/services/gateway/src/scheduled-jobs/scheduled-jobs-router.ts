import { Router } from 'express';
import type { Bus } from '@huntforge/bus';
import type { ScheduledJobConfigRepository } from '@huntforge/data';
import { updateScheduledJobsRequestSchema } from '@huntforge/contracts';
import { parseOrThrow, type Logger } from '@huntforge/platform';
import { actorOf } from '../auth/principal';
import { listScheduledJobs } from './list-scheduled-jobs';
import { updateScheduledJobs } from './update-scheduled-jobs';

export function scheduledJobsRouter(deps: { repo: ScheduledJobConfigRepository; bus: Bus; logger: Logger }): Router {
  const router = Router();
  router.get('/api/scheduled-jobs', async (_req, res) => {
    res.json(await listScheduledJobs(deps.repo));
  });
  router.put('/api/scheduled-jobs', async (req, res) => {
    const request = parseOrThrow(updateScheduledJobsRequestSchema, req.body, 'body');
    res.json(await updateScheduledJobs(deps, request, actorOf(req)));
  });
  return router;
}
