import { Router } from 'express';
import { gatewayRoutes as routes } from '@huntforge/contracts';
import { actorOf, mountRoute, roleOf } from '@huntforge/platform';

/** `GET /api/auth/session`: the identity the auth middleware established for this request. */
export function sessionRouter(options: { authMode: 'off' | 'required' }): Router {
  const router = Router();
  mountRoute(router, routes.getAuthSession, async ({ req }) => ({
    auth_mode: options.authMode,
    actor: actorOf(req) ?? 'unknown',
    role: roleOf(req) ?? 'viewer',
  }));
  return router;
}
