import { Router } from 'express';
import { sigmaQueueRoutes as routes } from '@huntforge/contracts';
import { mountRoute } from '@huntforge/platform';
import { runBacktest, type BacktestDeps } from '../backtest/run-backtest';

/** POST /api/sigma-queue/{queue_id}/backtest: a queued rule over uploaded telemetry. */
export function backtestRouter(deps: BacktestDeps): Router {
  const router = Router();
  mountRoute(router, routes.postSigmaQueueBacktest, async ({ params, body }) => runBacktest(deps, params.queue_id, body));
  return router;
}
