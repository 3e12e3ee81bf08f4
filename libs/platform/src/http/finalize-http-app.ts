import type { ErrorRequestHandler, Express, RequestHandler } from 'express';
import { errorBody } from './error-body';
import { serializeError, toErrorResponse } from './error-mapping';

/** Prefixes whose unknown paths get a JSON 404; other paths fall through (the gateway serves HTML there). */
const JSON_PREFIXES = ['/api', '/health'];

const notFound: RequestHandler = (req, res) => {
  const path = req.originalUrl.split('?')[0];
  res.status(404).json(errorBody('not_found', `No route for ${req.method} ${path}`));
};

const handleError: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    // Too late for a body; express's default handler closes the connection.
    next(error);
    return;
  }
  const response = toErrorResponse(error);
  if (response.unexpected) {
    req.log.error({ err: serializeError(error), status: response.status }, 'request failed');
  }
  res.status(response.status).json(response.body);
};

/** Call after mounting every route: JSON 404 for unknown /api and /health paths, then error mapping. */
export function finalizeHttpApp(app: Express): void {
  app.use(JSON_PREFIXES, notFound);
  app.use(handleError);
}
