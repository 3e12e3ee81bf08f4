import { Router } from 'express';
import { sigmaQueueRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute } from '@huntforge/platform';
import { runBacktest } from '../backtest/run-backtest';
import type { SigmaQueuePorts } from '../ports';

/** POST /api/sigma-queue/{queue_id}/backtest: a queued rule over uploaded telemetry. */
export function backtestRouter(deps: SigmaQueuePorts): Router {
  const router = Router();
  mountRoute(router, routes.postSigmaQueueBacktest, ({ params, body }) => runBacktest(deps, { queueId: params.queue_id, request: body }));
  return router;
}
