import type { Request, RequestHandler, Response, Router } from 'express';
import type {
  ApiRoute,
  RouteBody,
  RouteDocumentedResponse,
  RouteParams,
  RouteQuery,
  RouteResponse,
  RouteSpec,
} from '@huntforge/contracts/api';
import type { z } from 'zod';
import { parseOrThrow } from './parse';

const REPLY = Symbol('reply');

/** A handler result with a status or headers other than the route's plain success answer. */
export interface Reply<T> {
  readonly [REPLY]: true;
  readonly status: number;
  readonly body: T | undefined;
  readonly headers: Readonly<Record<string, string>>;
}

export function reply<T>(status: number, body?: T, headers: Record<string, string> = {}): Reply<T> {
  return { [REPLY]: true, status, body, headers };
}

/** Returned by a handler that wrote the response itself (streams, files, redirects). */
export const HANDLED = Symbol('handled');

export interface RouteInput<R extends RouteSpec> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  req: Request;
  res: Response;
}

export type RouteHandler<R extends RouteSpec> = (
  input: RouteInput<R>,
) => Promise<RouteResponse<R> | Reply<RouteDocumentedResponse<R>> | typeof HANDLED | void>;

function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && REPLY in value;
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: 'params' | 'query' | 'body'): unknown {
  return schema ? parseOrThrow(schema, value, where) : {};
}

function send(res: Response, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  res.set(headers).status(status);
  if (body === undefined || status === 204) res.end();
  else res.json(body);
}

export interface MountOptions {
  /** Middleware run before parsing (e.g. a service's own caller check). */
  before?: RequestHandler[];
  /**
   * Hand the body over unparsed: for a protocol that answers malformed messages in its own format
   * (MCP's JSON-RPC errors) rather than with a `validation_error`.
   */
  rawBody?: boolean;
}

/**
 * Mounts the handler of a contract route: parses params, query and body with the route's schemas (a
 * mismatch is a 400 `validation_error` naming each field), then sends what the handler returns with the
 * route's success status. An optional body that is absent is parsed as `{}`.
 */
export function mountRoute<R extends ApiRoute>(router: Router, route: R, handler: RouteHandler<R>, options: MountOptions = {}): void {
  const { params, query, body } = route.request ?? {};
  router[route.method](route.expressPath, ...(options.before ?? []), async (req: Request, res: Response) => {
    const rawBody = req.body === undefined && body && !body.required ? {} : req.body;
    const input = {
      params: parsePart(params, req.params, 'params'),
      query: parsePart(query, req.query, 'query'),
      body: body && !options.rawBody ? parseOrThrow(body.content['application/json'].schema, rawBody, 'body') : req.body,
      req,
      res,
    } as RouteInput<R>;
    const result = await handler(input);
    if (result === HANDLED || res.headersSent) return;
    if (isReply(result)) send(res, result.status, result.body, result.headers);
    else send(res, route.successStatus, result);
  });
}
