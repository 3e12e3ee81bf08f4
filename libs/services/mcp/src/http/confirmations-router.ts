import { Router } from 'express';
import { mcpRoutes as routes } from '@huntforge/contracts';
import type { ApiTokenRepository } from '@huntforge/data';
import { HttpError, mountRoute } from '@huntforge/platform';
import type { Confirmations } from '../confirmations/confirmations';
import { ToolError } from '../errors/tool-error';
import { callerOf, requireCaller } from './caller-middleware';

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
 * gateway's access rule says the same). The body's reason is optional on both decisions.
 */
export function confirmationsRouter(deps: { confirmations: Confirmations; tokens: ApiTokenRepository }): Router {
  const router = Router();
  const viewer = requireCaller(deps.tokens, 'viewer');
  const analyst = requireCaller(deps.tokens, 'analyst');

  mountRoute(router, routes.getMcpConfirmations, async ({ query }) => asHttp(() => deps.confirmations.list(query)), { before: [viewer] });
  mountRoute(router, routes.getMcpConfirmation, async ({ params }) => deps.confirmations.get(params.id), { before: [viewer] });
  mountRoute(
    router,
    routes.postMcpConfirmationsConfirm,
    async ({ params, body, req }) => deps.confirmations.confirm(params.id, callerOf(req), body.reason ?? null),
    { before: [analyst] },
  );
  mountRoute(
    router,
    routes.postMcpConfirmationsReject,
    async ({ params, body, req }) => deps.confirmations.reject(params.id, callerOf(req), body.reason ?? null),
    { before: [analyst] },
  );
  return router;
}
