import { Router } from 'express';
import type { ApiTokenRepository, AuditRepository } from '@huntforge/data';
import { gatewayRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute, reply } from '@huntforge/platform';
import { createToken } from './create-token';
import { listTokens } from './list-tokens';
import { revokeToken } from './revoke-token';

export interface TokensRouterDeps {
  tokens: Pick<ApiTokenRepository, 'list' | 'create' | 'revoke'>;
  audit: Pick<AuditRepository, 'record'>;
}

/** Token administration (admin role, enforced by the auth middleware's access rule); every change is audited, never the secret. */
export function tokensRouter(deps: TokensRouterDeps): Router {
  const router = Router();
  mountRoute(router, routes.getTokens, () => listTokens(deps));
  mountRoute(router, routes.postTokens, async ({ body, req }) =>
    reply(201, await createToken(deps, { token: body, actor: actorOf(req) }), { 'Cache-Control': 'no-store' }),
  );
  mountRoute(router, routes.deleteToken, ({ params, req }) => revokeToken(deps, { tokenId: params.id, actor: actorOf(req) }));
  return router;
}
