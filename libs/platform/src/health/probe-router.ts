import { Router } from 'express';
import { toHealthBody } from './health-body';
import { runChecks, type HealthCheck } from './run-checks';

export interface ProbeRouterOptions {
  /** Bound on each check; a slower one reports down with `timeout`. Default 2 s. */
  timeoutMs?: number;
}

/**
 * Kubernetes-style probes. `/health/live` answers as long as the event loop does; `/health/ready`
 * is 200 only when every check is up (503 otherwise, so traffic stops while a dependency is out).
 */
export function createProbeRouter(checks: Record<string, HealthCheck>, options: ProbeRouterOptions = {}): Router {
  const router = Router();

  router.get('/health/live', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'up' });
  });

  router.get('/health/ready', async (_req, res) => {
    const report = await runChecks(checks, options.timeoutMs);
    res
      .set('cache-control', 'no-store')
      .status(report.status === 'up' ? 200 : 503)
      .json(toHealthBody(report, new Date()));
  });

  return router;
}
