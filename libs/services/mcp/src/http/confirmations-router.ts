import { Router } from 'express';
import { mcpRoutes as routes } from '@huntforge/contracts/api';
import type { ApiTokenRepository } from '@huntforge/data';
import { HttpError, mountRoute } from '@huntforge/platform';
import { confirmRequest, type ConfirmRequestDeps } from '../confirmations/confirm-request';
import { getConfirmation, type GetConfirmationDeps } from '../confirmations/get-confirmation';
import { listConfirmations, type ListConfirmationsDeps } from '../confirmations/list-confirmations';
import { rejectRequest, type RejectRequestDeps } from '../confirmations/reject-request';
import { ToolError } from '../errors/tool-error';
import { callerOf, requireCaller } from './caller-middleware';

/** What the four use cases behind the routes use, and the tokens a caller who bypassed the gateway is checked against. */
export interface ConfirmationsRouterDeps {
  ports: ListConfirmationsDeps & GetConfirmationDeps & ConfirmRequestDeps & RejectRequestDeps;
  tokens: Pick<ApiTokenRepository, 'findActiveByHash'>;
}

/** A caller's mistake inside a use case (e.g. a foreign cursor) is a 400, not a 500. */
async function asHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ToolError) throw new HttpError(400, error.code, error.message, error.details);
    throw error;
  }
}

/**
 * Where people see and decide high-risk tool requests: listing needs a viewer, deciding an analyst (the
 * gateway's access rule says the same). The body's reason is optional on both decisions. Each route
 * calls one use case.
 */
export function confirmationsRouter(deps: ConfirmationsRouterDeps): Router {
  const { ports } = deps;
  const router = Router();
  const viewer = requireCaller(deps.tokens, 'viewer');
  const analyst = requireCaller(deps.tokens, 'analyst');

  mountRoute(router, routes.getMcpConfirmations, ({ query }) => asHttp(() => listConfirmations(ports, { query })), { before: [viewer] });
  mountRoute(router, routes.getMcpConfirmation, ({ params }) => getConfirmation(ports, { id: params.id }), { before: [viewer] });
  mountRoute(
    router,
    routes.postMcpConfirmationsConfirm,
    ({ params, body, req }) => confirmRequest(ports, { id: params.id, caller: callerOf(req), reason: body.reason ?? null }),
    { before: [analyst] },
  );
  mountRoute(
    router,
    routes.postMcpConfirmationsReject,
    ({ params, body, req }) => rejectRequest(ports, { id: params.id, caller: callerOf(req), reason: body.reason ?? null }),
    { before: [analyst] },
  );
  return router;
}
