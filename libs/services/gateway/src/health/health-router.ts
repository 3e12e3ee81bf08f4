import { Router, type Response } from 'express';
import type { Bus } from '@huntforge/bus';
import type { Db } from '@huntforge/data';
import type { HealthResponse } from '@huntforge/contracts';
import { checkBus, checkDatabase, coalescedCheck, httpStatusOf, runChecks, toHealthBody, type HealthCheck } from '@huntforge/platform';
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

const PROBE_MAX_AGE_MS = 1000;

/** The spec's public health routes; each answers 503 when a component it reports on is down. */
export function healthRouter(deps: HealthRouterDeps): Router {
  const now = deps.now ?? (() => new Date());
  const database: HealthCheck = coalescedCheck(() => checkDatabase(deps.db));
  // /health is what load balancers poll: a database answer up to a second old is fine there, and it
  // keeps the probe from costing a query per request (the /api/health routes always ask afresh).
  const databaseForProbes: HealthCheck = coalescedCheck(() => checkDatabase(deps.db), { maxAgeMs: PROBE_MAX_AGE_MS });
  const bus: HealthCheck = () => checkBus(deps.bus);
  const report = async (checks: Record<string, HealthCheck>) => toHealthBody(await runChecks(checks), now());

  const router = Router();
  // 200 means the web tier is reachable and the database connected (spec, Health).
  router.get('/health', async (_req, res) => send(res, await report({ database: databaseForProbes })));
  router.get('/api/health', async (_req, res) => send(res, await report({ database, bus })));
  router.get('/api/health/database', async (_req, res) => send(res, await report({ database })));
  router.get('/api/health/services', async (_req, res) => send(res, await report(deps.serviceHealth)));
  router.get('/api/health/celery', async (_req, res) => send(res, await workerHealth(deps.bus, now())));
  return router;
}
