import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { accessRequirement } from '../access';
import { errorBodySchema } from '../http/errors';

export const BEARER_SCHEME = 'bearerAuth';

export function jsonContent(schema: z.ZodType, description: string): ResponseConfig {
  return { description, content: { 'application/json': { schema } } };
}

/** An error response listing the codes a route may answer with at this status. */
export function errorResponse(codes: readonly string[], description?: string): ResponseConfig {
  const list = codes.map((code) => `\`${code}\``).join(', ');
  return jsonContent(errorBodySchema, description ? `${description} (${list})` : list);
}

type Responses = RouteConfig['responses'];

/** Route config without the parts `registerRoute` derives from the access rule. */
export type RouteDefinition = Omit<RouteConfig, 'security'> & { responses: Responses };

/**
 * Registers a route with its security, the 401/403 it can answer with and `x-required-role`, all
 * derived from the gateway's access rule, so the document cannot drift from what the gateway enforces.
 * `path` uses OpenAPI's `{param}` syntax.
 */
export function registerRoute(registry: OpenAPIRegistry, route: RouteDefinition): void {
  const access = accessRequirement(route.method, route.path.replace(/\{[^}]+\}/g, 'param'));
  if (access.public) {
    registry.registerPath({ ...route, security: [] });
    return;
  }
  registry.registerPath({
    ...route,
    security: [{ [BEARER_SCHEME]: [] }],
    'x-required-role': access.role,
    responses: {
      ...route.responses,
      401: errorResponse(['unauthenticated'], 'Missing, unknown or revoked bearer token'),
      403: errorResponse(['forbidden'], `The token's role is below ${access.role}`),
    },
  });
}
