import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER, resolveRequestId } from './request-id';

/**
 * Health probes answered ahead of request logging, body parsing and the routers' guards. Load balancers and
 * kubelets poll them all day; they carry no body, need no identity and are never request-logged, so every layer
 * they pass through is CPU spent per poll for nothing (issue #35 holds /health within 0.8 of a bare handler).
 * They keep their request id, like any answer.
 */
export function answerProbesFirst(paths: readonly string[], probes: RequestHandler): RequestHandler {
  const probePaths: ReadonlySet<string> = new Set(paths);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !probePaths.has(req.path)) return next();
    res.setHeader(REQUEST_ID_HEADER, resolveRequestId(req.headers[REQUEST_ID_HEADER]));
    probes(req, res, next);
  };
}
