import type { ApiRoute, RouteResponse } from '@huntforge/contracts/api';
import type { z } from 'zod';
import { apiErrorOf } from './api-error';

/** The route's request parts; a route without any (`request` absent or undefined) takes none. */
type RequestOf<R> = R extends { request?: infer Q }
  ? [NonNullable<Q>] extends [never]
    ? Record<never, never>
    : NonNullable<Q>
  : Record<never, never>;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

type ParamsPart<R> = RequestOf<R> extends { params: infer P } ? { params: InputOf<P> } : { params?: undefined };
type QueryPart<R> = RequestOf<R> extends { query: infer Q } ? { query?: InputOf<Q> } : { query?: undefined };
type BodyPart<R> =
  RequestOf<R> extends { body: { required: infer Required; content: { 'application/json': { schema: infer S } } } }
    ? Required extends false
      ? { body?: InputOf<S> }
      : { body: InputOf<S> }
    : { body?: undefined };

/** What a call of `route` sends: its path parameters, query and JSON body, typed from the route's schemas. */
export type CallInput<R extends ApiRoute> = ParamsPart<R> & QueryPart<R> & BodyPart<R> & { signal?: AbortSignal };

export interface ApiClientOptions {
  /** Origin (and optional prefix) of the gateway; '' for same-origin calls from the web pages. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /**
   * Headers added to every call (a bearer token, the CSRF header), read at call time. They may depend on the
   * request (a signature over its method and URL).
   */
  headers?: (request: OutgoingRequest) => Record<string, string>;
}

/** The request a call is about to send, as `headers` sees it. */
export interface OutgoingRequest {
  /** Upper case, as sent. */
  method: string;
  /** The full URL, base included. */
  url: string;
  /** The JSON body as sent, when there is one. */
  body?: string;
}

/** A success answer with its status (a route may document several 2xx statuses). */
export interface ApiAnswer<R extends ApiRoute> {
  status: number;
  body: RouteResponse<R>;
}

type CallArgs<R extends ApiRoute> = Partial<CallInput<R>> extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>];

export interface ApiClient {
  /** Calls `route`; resolves with its success body, rejects with an `ApiError` for any non-2xx answer. */
  call<R extends ApiRoute>(route: R, ...input: CallArgs<R>): Promise<RouteResponse<R>>;
  /** As `call`, with the success status beside the body. */
  answer<R extends ApiRoute>(route: R, ...input: CallArgs<R>): Promise<ApiAnswer<R>>;
  /** The URL `route` is called at (for links, downloads and EventSource). */
  url<R extends ApiRoute>(route: R, input?: Pick<CallInput<R>, 'params' | 'query'>): string;
}

function pathOf(route: ApiRoute, params: Record<string, unknown> = {}): string {
  return route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new TypeError(`${route.method.toUpperCase()} ${route.path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

function queryOf(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(name, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A client for the routes defined in `@huntforge/contracts`: no hand-written URLs or shapes. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const url: ApiClient['url'] = (route, input = {}) =>
    `${baseUrl}${pathOf(route, input.params as Record<string, unknown> | undefined)}${queryOf(input.query as Record<string, unknown> | undefined)}`;

  const answer: ApiClient['answer'] = async (route, ...rest) => {
    const input = (rest[0] ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      signal?: AbortSignal;
    };
    const target = url(route, input as Pick<CallInput<typeof route>, 'params' | 'query'>);
    const method = route.method.toUpperCase();
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    const headers: Record<string, string> = { accept: 'application/json', ...(options.headers?.({ method, url: target, body }) ?? {}) };
    const init: RequestInit = { method, headers, signal: input.signal, credentials: 'same-origin' };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = body;
    }
    const response = await doFetch(target, init);
    const answered = await bodyOf(response);
    if (!response.ok) throw apiErrorOf(response.status, answered, response.headers.get('x-request-id') ?? undefined);
    return { status: response.status, body: answered as RouteResponse<typeof route> };
  };

  return {
    url,
    answer,
    async call(route, ...rest) {
      return (await answer(route, ...rest)).body;
    },
  };
}
