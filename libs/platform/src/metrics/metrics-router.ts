import { Router } from 'express';
import type { AppMetrics } from './app-metrics';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics in Prometheus' text format. No authentication on any app, the gateway included:
 * Prometheus scrapes pod addresses and holds no Huntforge token, and the exposition carries counts and
 * route patterns only (no ids, no payloads, no credentials). See README "Operations".
 */
export function metricsRouter(metrics: AppMetrics): Router {
  const router = Router();
  router.get(METRICS_PATH, async (_req, res) => {
    const { contentType, body } = await metrics.exposition();
    res.set('content-type', contentType).set('cache-control', 'no-store').send(body);
  });
  return router;
}
