import type { RequestHandler } from 'express';
import type { AppMetrics } from './app-metrics';
import { routeLabelOf } from './route-label';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts every request by method, route pattern and status, and times it from arrival to the last byte.
 * Mounted first, so requests refused early (bad JSON, a missing signature, 404s) are counted too.
 * A request whose client went away before the answer was sent is not counted: it has no status.
 */
export function httpMetrics(metrics: AppMetrics): RequestHandler {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = metrics.counter({
    name: 'huntforge_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
  });
  const duration = metrics.histogram({
    name: 'huntforge_http_request_duration_seconds',
    help: 'Time from a request arriving to its response being sent, by method, route pattern and status code.',
    labelNames,
  });
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      // Anything but the standard methods is one label value, like unknown paths.
      const method = KNOWN_METHODS.has(req.method) ? req.method : 'OTHER';
      const labels = { method, route: routeLabelOf(req.originalUrl), status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}
