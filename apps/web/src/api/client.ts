import { createApiClient, type CallInput } from '@huntforge/api-client';
import type { ApiRoute, RouteResponse } from '@huntforge/contracts';

/** Same-origin client: the gateway serves both these pages and /api. */
export const api = createApiClient({ baseUrl: '' });

/** `api.call` with the input as one (possibly empty) object, for generic hooks. */
export function callRoute<R extends ApiRoute>(route: R, input?: CallInput<R>): Promise<RouteResponse<R>> {
  return (api.call as (route: R, input?: CallInput<R>) => Promise<RouteResponse<R>>)(route, input);
}
