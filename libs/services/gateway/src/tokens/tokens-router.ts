import { Router } from 'express';
import type { ApiTokenRepository, AuditRepository } from '@huntforge/data';
import { AUDIT_EVENT_TYPES, gatewayRoutes as routes } from '@huntforge/contracts';
import { actorOf, HttpError, httpErrors, mountRoute, reply } from '@huntforge/platform';
import { TokenNameTakenError, createApiToken, listApiTokens, revokeApiToken } from '../auth/api-tokens';
import { toApiToken } from './token-view';

export interface TokensRouterDeps {
  tokens: ApiTokenRepository;
  audit: Pick<AuditRepository, 'record'>;
}

/** Token administration (admin role, enforced by the auth middleware's access rule); every change is audited, never the secret. */
export function tokensRouter({ tokens: repo, audit }: TokensRouterDeps): Router {
  const router = Router();
  mountRoute(router, routes.getTokens, async () => ({ tokens: (await listApiTokens(repo)).map(toApiToken) }));
  mountRoute(router, routes.postTokens, async ({ body: input, req }) => {
    try {
      const { token, record } = await createApiToken(repo, input);
      await audit.record({
        type: AUDIT_EVENT_TYPES.apiTokenCreated,
        actor: actorOf(req),
        payload: { id: record.id, name: record.name, role: record.role },
      });
      return reply(201, { token, api_token: toApiToken(record) }, { 'Cache-Control': 'no-store' });
    } catch (error) {
      if (error instanceof TokenNameTakenError) throw new HttpError(409, 'token_name_taken', error.message);
      throw error;
    }
  });
  mountRoute(router, routes.deleteToken, async ({ params: { id }, req }) => {
    if (!(await revokeApiToken(repo, id))) throw httpErrors.notFound(`No active API token has id ${id}`);
    await audit.record({ type: AUDIT_EVENT_TYPES.apiTokenRevoked, actor: actorOf(req), payload: { id } });
  });
  return router;
}
