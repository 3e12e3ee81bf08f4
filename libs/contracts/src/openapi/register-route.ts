import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { errorResponse, type ApiRoute } from '../api/define-route';
import { RATE_LIMITED_CODE, rateLimitTier, type RateLimitTier } from '../http/rate-limits';
import { withGatewayAnswers } from './gateway-answers';
import { deriveOperationId } from './operation-id';

export const BEARER_SCHEME = 'bearerAuth';

const BUDGETS: Record<Exclude<RateLimitTier, 'none'>, string> = {
  standard: 'RATE_LIMIT_PER_MINUTE per token, or per client address without one',
  expensive: 'the stricter RATE_LIMIT_EXPENSIVE_PER_MINUTE per token, or per client address without one',
  'sign-in': 'RATE_LIMIT_SIGN_IN_PER_MINUTE per client address',
};

/** The gateway's 429 for a route's budget; a route that documents its own 429 (sign-in) keeps it. */
function withRateLimit(route: ApiRoute): ApiRoute['responses'] {
  const tier = rateLimitTier(route.method, route.path);
  if (tier === 'none' || route.responses[429]) return route.responses;
  const tooMany = errorResponse(
    [RATE_LIMITED_CODE],
    `More requests than ${BUDGETS[tier]} allows this minute; retry after Retry-After seconds`,
  );
  return {
    ...route.responses,
    429: {
      ...tooMany,
      headers: { 'Retry-After': { description: 'Seconds until the budget is renewed', schema: { type: 'integer', minimum: 1 } } },
    },
  };
}

/**
 * Adds a route to the document with its operationId, the security, the 401/403 and `x-required-role` its access
 * rule implies, and the 4xx answers the gateway gives before any handler, so the document cannot drift from what
 * the gateway enforces.
 */
export function registerRoute(registry: OpenAPIRegistry, route: ApiRoute): void {
  const { method, path, summary, description, tags, request, extra } = route;
  const operationId = route.operationId ?? deriveOperationId(method, path);
  const base = {
    ...extra,
    method,
    path,
    operationId,
    summary,
    tags,
    ...(description ? { description } : {}),
    ...(request ? { request } : {}),
  };
  if (route.access.public) {
    registry.registerPath({ ...base, security: [], responses: withGatewayAnswers(route, withRateLimit(route)) });
    return;
  }
  registry.registerPath({
    ...base,
    security: [{ [BEARER_SCHEME]: [] }],
    'x-required-role': route.access.role,
    responses: withGatewayAnswers(route, {
      ...withRateLimit(route),
      401: errorResponse(['unauthenticated'], 'Missing, unknown or revoked bearer token'),
      403: errorResponse(['forbidden'], `The token's role is below ${route.access.role}`),
    }),
  });
}
