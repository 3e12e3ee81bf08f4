import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { Logger } from '../logging/logger';
import { REDACTED } from '../logging/redaction';
import { REQUEST_ID_HEADER, resolveRequestId } from './request-id';

export interface RequestLoggingOptions {
  logger: Logger;
  serviceName: string;
  /** Paths (without query) whose requests are not logged, e.g. health probes polled every few seconds. */
  quietPaths?: string[];
}

// Query parameters that people put credentials in, despite everything.
const SECRET_QUERY_PARAMS = /^(token|access_token|api_key|apikey|key|password|secret|signature|sig)$/i;

interface SerializedRequest {
  id: unknown;
  method: string;
  url: string;
  headers: Record<string, unknown>;
  remoteAddress?: string;
}

/**
 * One completion line per request (method, url, status, time) and a child logger on `req.log` whose
 * every line carries `requestId`. Bodies are never logged: the serializer keeps method, url (secret
 * query values masked), headers (secret ones redacted by the logger) and the peer address.
 */
export function requestLogging(options: RequestLoggingOptions): RequestHandler {
  const quiet = new Set(options.quietPaths ?? []);
  const logger = options.logger.child({ app: options.serviceName });
  const logged = pinoHttpFor(logger);
  // Quiet paths (probes polled all day) skip pino-http altogether: they still get a request id, and a
  // request logger is only built if something actually logs, which keeps /health cheap under load.
  return (req, res, next) => {
    if (!quiet.has(pathOf(req.url))) return logged(req, res, next);
    const requestId = resolveRequestId(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    let requestLogger: Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, get: () => (requestLogger ??= logger.child({ requestId })) });
    next();
  };
}

function pinoHttpFor(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = resolveRequestId(req.headers[REQUEST_ID_HEADER]);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    // The error handler already logged the cause with its stack; the completion line stays short.
    customErrorObject: (_req, _res, _error, value: Record<string, unknown>) => ({
      res: value['res'],
      responseTime: value['responseTime'],
    }),
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req.url)} ${res.statusCode}`,
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(req.url)} ${res.statusCode}`,
    serializers: {
      req: (req: SerializedRequest): SerializedRequest => ({
        id: req.id,
        method: req.method,
        url: maskSecretQuery(req.url),
        headers: req.headers,
        remoteAddress: req.remoteAddress,
      }),
    },
  });
}

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0];
}

function maskSecretQuery(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY_PARAMS.test(name)) params.set(name, REDACTED);
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}
