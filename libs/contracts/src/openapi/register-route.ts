import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { errorResponse, type ApiRoute } from '../api/define-route';

export const BEARER_SCHEME = 'bearerAuth';

/**
 * Adds a route to the document with the security, the 401/403 and `x-required-role` its access rule
 * implies, so the document cannot drift from what the gateway enforces.
 */
export function registerRoute(registry: OpenAPIRegistry, route: ApiRoute): void {
  const { method, path, summary, description, tags, request, responses, extra } = route;
  const config = { ...extra, method, path, summary, tags, responses, ...(description ? { description } : {}), ...(request ? { request } : {}) };
  if (route.access.public) {
    registry.registerPath({ ...config, security: [] });
    return;
  }
  registry.registerPath({
    ...config,
    security: [{ [BEARER_SCHEME]: [] }],
    'x-required-role': route.access.role,
    responses: {
      ...responses,
      401: errorResponse(['unauthenticated'], 'Missing, unknown or revoked bearer token'),
      403: errorResponse(['forbidden'], `The token's role is below ${route.access.role}`),
    },
  });
}
