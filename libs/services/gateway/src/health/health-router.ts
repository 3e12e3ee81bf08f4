import { Router, type Response } from 'express';
import type { Bus } from '@huntforge/bus';
import type { Db } from '@huntforge/data';
import type { HealthResponse } from '@huntforge/contracts';
import { checkBus, checkDatabase, httpStatusOf, runChecks, toHealthBody, type HealthCheck } from '@huntforge/platform';
import { workerHealth } from './worker-health';

export interface HealthRouterDeps {
  db: Db;
  bus: Bus;
  serviceHealth: Record<string, HealthCheck>;
  now?: () => Date;
}

function send(res: Response, body: HealthResponse | { status: HealthResponse['status'] }): void {
  res.set('cache-control', 'no-store').status(httpStatusOf(body.status)).json(body);
}

/** The spec's public health routes; each answers 503 when a component it reports on is down. */
export function healthRouter(deps: HealthRouterDeps): Router {
  const now = deps.now ?? (() => new Date());
  const database: HealthCheck = () => checkDatabase(deps.db);
  const bus: HealthCheck = () => checkBus(deps.bus);
  const report = async (checks: Record<string, HealthCheck>) => toHealthBody(await runChecks(checks), now());

  const router = Router();
  // 200 means the web tier is reachable and the database connected (spec, Health).
  router.get('/health', async (_req, res) => send(res, await report({ database })));
  router.get('/api/health', async (_req, res) => send(res, await report({ database, bus })));
  router.get('/api/health/database', async (_req, res) => send(res, await report({ database })));
  router.get('/api/health/services', async (_req, res) => send(res, await report(deps.serviceHealth)));
  router.get('/api/health/celery', async (_req, res) => send(res, await workerHealth(deps.bus, now())));
  return router;
}
