import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ACTOR_HEADER, ROLE_HEADER } from '@huntforge/contracts/http';
import { announcesBody, errorBody, identitySignatureHeaders, rawBodyOf, REQUEST_ID_HEADER, type Logger } from '@huntforge/platform';

/** Generous: some upstream routes (retrain, evaluations) do real work before answering. */
const DEFAULT_PROXY_TIMEOUT_MS = 120_000;

export interface ProxyOptions {
  service: string;
  url: string;
  logger: Logger;
  timeoutMs?: number;
  /** IDENTITY_SIGNING_KEY: the upstream refuses requests whose identity the gateway did not sign. */
  signingKey?: Buffer;
}

function headerText(value: string | string[] | number | undefined): string {
  return typeof value === 'string' ? value : '';
}

function sendUpstreamUnavailable(res: ServerResponse | Socket, service: string): void {
  if (!('writeHead' in res)) {
    res.destroy();
    return;
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(errorBody('upstream_unavailable', `The ${service} service did not answer`)));
}

/**
 * Forwards a request unchanged (full path and query) to `url`: the request id travels along, the
 * client's bearer token does not (the gateway already checked it and sends the vouched actor instead),
 * and a body the gateway's JSON parser consumed is sent on byte for byte, its digest under the signature.
 */
export function createUpstreamProxy(options: ProxyOptions): RequestHandler {
  const log = options.logger.child({ upstream: options.service });
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: options.url,
    changeOrigin: true,
    xfwd: true,
    proxyTimeout: options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: IncomingMessage, res: ServerResponse) => {
        proxyReq.removeHeader('authorization');
        const requestId = res.getHeader(REQUEST_ID_HEADER);
        if (typeof requestId === 'string') proxyReq.setHeader(REQUEST_ID_HEADER, requestId);
        // A body the JSON parser read goes on as the very bytes received (already decoded), so the signed digest is theirs.
        const raw = rawBodyOf(req);
        if (options.signingKey) {
          const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
          const body = raw ?? (announcesBody(req) ? undefined : '');
          const identity = {
            method: req.method ?? 'GET',
            url,
            actor: headerText(req.headers[ACTOR_HEADER]),
            role: headerText(req.headers[ROLE_HEADER]),
            body,
          };
          for (const [name, value] of Object.entries(identitySignatureHeaders(options.signingKey, identity)))
            proxyReq.setHeader(name, value);
        }
        if (raw !== undefined) {
          proxyReq.removeHeader('content-encoding');
          proxyReq.removeHeader('transfer-encoding');
          proxyReq.setHeader('content-length', raw.length);
          proxyReq.write(raw);
        }
      },
      error: (error: Error, req: IncomingMessage, res: ServerResponse | Socket) => {
        const code = (error as NodeJS.ErrnoException).code;
        log.warn({ err: { message: error.message, code }, method: req.method, path: req.url?.split('?')[0] }, 'upstream request failed');
        sendUpstreamUnavailable(res, options.service);
      },
    },
  });
  return (req, res, next) => {
    proxy(req, res, next).catch(next);
  };
}
