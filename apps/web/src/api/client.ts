import { createApiClient, type CallInput } from '@huntforge/api-client';
import { type ApiRoute, type RouteResponse } from '@huntforge/contracts/api';
import { CSRF_HEADER } from '@huntforge/contracts/http';

/**
 * Same-origin client: the gateway serves both these pages and /api. After sign-in the session cookie
 * authenticates every call; the CSRF header proves a write came from these pages.
 */
export const api = createApiClient({ baseUrl: '', headers: () => ({ [CSRF_HEADER]: '1' }) });

/** `api.call` with the input as one (possibly empty) object, for generic hooks. */
export function callRoute<R extends ApiRoute>(route: R, input?: CallInput<R>): Promise<RouteResponse<R>> {
  return (api.call as (route: R, input?: CallInput<R>) => Promise<RouteResponse<R>>)(route, input);
}
