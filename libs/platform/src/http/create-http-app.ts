import express, { type RequestHandler } from 'express';
import { mcpRoutes } from '@huntforge/contracts/api';
import type { Logger } from '../logging/logger';
import type { AppMetrics } from '../metrics/app-metrics';
import { answerProbesFirst } from './answer-probes-first';
import { httpMetrics } from '../metrics/http-metrics';
import { jsonNestsDeeperThan, JsonTooDeepError, MAX_JSON_DEPTH } from './json-depth';
import { rememberRawBody } from './raw-body';
import { rejectNulCharacters } from './reject-nul';
import { requestLogging } from './request-logging';

export interface CreateHttpAppOptions {
  logger: Logger;
  serviceName: string;
  /** JSON body limit (bytes library syntax); larger bodies get 413 payload_too_large. Default 1mb. */
  bodyLimit?: string;
  /** Paths not request-logged, e.g. ['/health/live', '/health/ready']. */
  quietPaths?: string[];
  /** Counts and times every request (by route pattern and status) in this registry. */
  metrics?: AppMetrics;
  /** Health probes on these paths, answered before request logging and body parsing (see answerProbesFirst). */
  probes?: { paths: readonly string[]; handler: RequestHandler };
}

const SELF_PARSED_PATHS: ReadonlySet<string> = new Set([mcpRoutes.postMcp.path]);

/**
 * The express app every Huntforge service starts from: metrics and health probes first, then request ids and
 * request logging, then the JSON body parser. Mount routes on it, then call finalizeHttpApp for 404s and error mapping.
 */
export function createHttpApp(options: CreateHttpAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  if (options.metrics) app.use(httpMetrics(options.metrics));
  if (options.probes) app.use(answerProbesFirst(options.probes.paths, options.probes.handler));
  app.use(requestLogging(options));
  const json = express.json({
    limit: options.bodyLimit ?? '1mb',
    type: ['application/json', 'application/*+json'],
    // Checked on the raw bytes before parsing: a body nested too deeply is a 400 here, in the gateway before
    // it is proxied and in every service, instead of a stack overflow wherever the value is walked next.
    verify: (req, _res, bytes) => {
      if (jsonNestsDeeperThan(bytes, MAX_JSON_DEPTH)) throw new JsonTooDeepError(MAX_JSON_DEPTH);
      // The identity signature covers these bytes: the gateway signs and forwards them, a service checks them.
      rememberRawBody(req, bytes);
    },
  });
  // MCP answers a malformed message with a JSON-RPC parse error, so its route parses its own body.
  app.use((req, res, next) => (SELF_PARSED_PATHS.has(req.path) ? next() : json(req, res, next)));
  app.use(rejectNulCharacters);
  return app;
}
