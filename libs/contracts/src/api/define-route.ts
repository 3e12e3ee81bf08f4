import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { accessRequirement, type AccessRequirement } from '../access';
import { errorBodySchema } from '../http/errors';
import type { ServiceName } from '../services';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A JSON response with its schema kept in the type, so handlers and clients know what it carries. */
export interface JsonResponse<S extends z.ZodType = z.ZodType> {
  description: string;
  content: { 'application/json': { schema: S } };
}

/**
 * A JSON request body; `required: false` lets clients send nothing (the handler then sees `{}`). A route
 * may also take the raw bytes of a file (`application/octet-stream`), which its handler streams itself.
 */
export interface JsonBody<S extends z.ZodType = z.ZodType, Required extends boolean = boolean> {
  required: Required;
  description?: string;
  content: { 'application/json': { schema: S }; 'application/octet-stream'?: { schema: z.ZodType } };
}

export interface RouteRequest {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: JsonBody;
}

/**
 * The one declaration of an HTTP route: what the OpenAPI document shows, where the gateway sends it,
 * who may call it, and what the owning service parses and answers. `path` uses OpenAPI's `{param}`.
 */
export interface RouteSpec {
  method: HttpMethod;
  path: string;
  /** The OpenAPI operationId; derived from method and path when unset (openapi/operation-id.ts). */
  operationId?: string;
  summary: string;
  description?: string;
  tags: string[];
  request?: RouteRequest;
  responses: Record<number, ResponseConfig | JsonResponse>;
  /** Documented extras (e.g. `x-…` extensions) passed to the OpenAPI registration unchanged. */
  extra?: Partial<Omit<RouteConfig, 'method' | 'path' | 'operationId' | 'summary' | 'description' | 'tags' | 'request' | 'responses'>>;
}

export type ApiRoute<S extends RouteSpec = RouteSpec> = S & {
  owner: ServiceName;
  /** The Express form of `path` (`:param`). */
  expressPath: string;
  access: AccessRequirement;
  /** The status a plain handler result is sent with: the lowest 2xx of `responses`. */
  successStatus: number;
};

export function toExpressPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

function successStatusOf(responses: RouteSpec['responses']): number {
  const statuses = Object.keys(responses).map(Number);
  const success = statuses.filter((status) => status >= 200 && status < 300);
  // A route that only refuses (405 for an unsupported method) answers with its one documented status.
  return Math.min(...(success.length > 0 ? success : statuses));
}

/** Declares a route once; everything else (document, route table, mounting, client) reads it. */
export function defineRoute<const S extends RouteSpec>(owner: ServiceName, spec: S): ApiRoute<S> {
  return {
    ...spec,
    owner,
    expressPath: toExpressPath(spec.path),
    access: accessRequirement(spec.method, spec.path.replace(/\{[^}]+\}/g, 'param')),
    successStatus: successStatusOf(spec.responses),
  };
}

export function jsonContent<S extends z.ZodType>(schema: S, description: string): JsonResponse<S> {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<S extends z.ZodType, const Required extends boolean = true>(
  schema: S,
  required?: Required,
): JsonBody<S, Required> {
  return { required: (required ?? true) as Required, content: { 'application/json': { schema } } };
}

/** An error response listing the codes a route may answer with at this status. */
export function errorResponse(codes: readonly string[], description?: string): JsonResponse<typeof errorBodySchema> {
  const list = codes.map((code) => `\`${code}\``).join(', ');
  return jsonContent(errorBodySchema, description ? `${description} (${list})` : list);
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : Record<string, never>;
type RequestOf<R> = R extends { request?: infer Q } ? NonNullable<Q> : never;

export type RouteParams<R extends RouteSpec> = Infer<RequestOf<R> extends { params: infer P } ? P : undefined>;
export type RouteQuery<R extends RouteSpec> = Infer<RequestOf<R> extends { query: infer P } ? P : undefined>;
export type RouteBody<R extends RouteSpec> = Infer<
  RequestOf<R> extends { body: { content: { 'application/json': { schema: infer S } } } } ? S : undefined
>;
/** What a client sends as the body (before defaults are applied). */
export type RouteBodyInput<R extends RouteSpec> =
  RequestOf<R> extends { body: { content: { 'application/json': { schema: infer S } } } }
    ? S extends z.ZodType
      ? z.input<S>
      : never
    : undefined;

type SuccessKeys<R extends RouteSpec> = Extract<keyof R['responses'], 200 | 201 | 202 | 203 | 204 | 206>;
type SchemaOfResponse<T> = T extends { content: { 'application/json': { schema: infer S } } }
  ? S extends z.ZodType
    ? z.infer<S>
    : unknown
  : unknown;
/** The JSON body of any of the route's 2xx responses. */
export type RouteResponse<R extends RouteSpec> = {
  [K in SuccessKeys<R>]: SchemaOfResponse<R['responses'][K]>;
}[SuccessKeys<R>];

/** The JSON body of any documented response (what a handler may send with an explicit status). */
export type RouteDocumentedResponse<R extends RouteSpec> = {
  [K in keyof R['responses']]: SchemaOfResponse<R['responses'][K]>;
}[keyof R['responses']];
