import { Router } from 'express';
import type { Db } from '@huntforge/data';
import { gatewayRoutes as routes } from '@huntforge/contracts/api';
import type { HealthResponse } from '@huntforge/contracts/http';
import {
  checkBus,
  checkDatabase,
  coalescedCheck,
  HANDLED,
  httpStatusOf,
  mountRoute,
  reply,
  runChecks,
  toHealthBody,
  type HealthCheck,
} from '@huntforge/platform';
import { workerHealth, type WorkerHealthDeps } from './worker-health';

/** The database and bus are only checked (a ping, whether connected, the execution queue's counts). */
export interface HealthRouterDeps extends WorkerHealthDeps {
  /** Reached with one trivial query. */
  db: Pick<Db, 'ping'>;
  serviceHealth: Record<string, HealthCheck>;
  now?: () => Date;
}

/** 200 when every component is up, 503 otherwise; never cached. */
function answer<T extends { status: HealthResponse['status'] }>(body: T) {
  return reply(httpStatusOf(body.status), body, { 'cache-control': 'no-store' });
}

const PROBE_MAX_AGE_MS = 1000;

/**
 * A probe's answer computed at most once per `maxAgeMs`, concurrent requests sharing it: under a load balancer's
 * polling (or a flood) /health then costs no check, timer or body per request, only the send.
 */
function sharedFor<T>(maxAgeMs: number, compute: () => Promise<T>, clock: () => number = () => performance.now()): () => Promise<T> {
  let current: { answer: Promise<T>; at: number } | null = null;
  return () => {
    const at = clock();
    if (!current || at - current.at >= maxAgeMs) current = { answer: compute(), at };
    return current.answer;
  };
}

/** The probe's answer, serialised once for every poll it serves. */
interface SerialisedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function serialise(body: { status: HealthResponse['status'] }): SerialisedAnswer {
  const bytes = Buffer.from(JSON.stringify(body));
  return {
    status: httpStatusOf(body.status),
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes.length), 'cache-control': 'no-store' },
    body: bytes,
  };
}

/**
 * GET /health, what load balancers poll: 200 when the web tier is reachable and the database connected (spec,
 * Health). A database answer up to a second old is fine there, and the whole report may be as old, so a poll
 * costs no query, timer or body of its own: the answer is serialised once and written as bytes, without the
 * per-response content negotiation and ETag hashing of res.json, which a never-cached answer has no use for.
 * The runners answer it ahead of every other layer (MountedRouter.probes).
 */
export function healthProbeRouter(deps: Pick<HealthRouterDeps, 'db' | 'now'>): Router {
  const now = deps.now ?? (() => new Date());
  const database: HealthCheck = coalescedCheck(() => checkDatabase(deps.db), { maxAgeMs: PROBE_MAX_AGE_MS });
  const probe = sharedFor(PROBE_MAX_AGE_MS, async () => serialise(toHealthBody(await runChecks({ database }), now())));
  const router = Router();
  mountRoute(router, routes.getHealth, async ({ res }) => {
    const answer = await probe();
    res.writeHead(answer.status, answer.headers).end(answer.body);
    return HANDLED;
  });
  return router;
}

/** The spec's other health routes, asked afresh each time; each answers 503 when a component it reports on is down. */
export function healthRouter(deps: HealthRouterDeps): Router {
  const now = deps.now ?? (() => new Date());
  const database: HealthCheck = coalescedCheck(() => checkDatabase(deps.db));
  const bus: HealthCheck = () => checkBus(deps.bus);
  const report = async (checks: Record<string, HealthCheck>) => toHealthBody(await runChecks(checks), now());

  const router = Router();
  mountRoute(router, routes.getApiHealth, async () => answer(await report({ database, bus })));
  mountRoute(router, routes.getHealthDatabase, async () => answer(await report({ database })));
  mountRoute(router, routes.getHealthServices, async () => answer(await report(deps.serviceHealth)));
  mountRoute(router, routes.getHealthCelery, async () => answer(await workerHealth(deps, { checkedAt: now() })));
  return router;
}
