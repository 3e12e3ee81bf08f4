import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';
import type { ApiTokenRepository, AuditRepository } from '@huntforge/data';
import { httpErrors } from '@huntforge/platform';
import { revokeApiToken } from '../auth/api-tokens';

export interface RevokeTokenDeps {
  tokens: Pick<ApiTokenRepository, 'revoke'>;
  audit: Pick<AuditRepository, 'record'>;
}

export interface RevokeTokenCommand {
  tokenId: number;
  /** Who asked (audited); null when authentication is off. */
  actor: string | null;
}

/** DELETE /api/tokens/{id}: revokes an active token and audits it; 404 when no active token has the id. */
export async function revokeToken(deps: RevokeTokenDeps, command: RevokeTokenCommand): Promise<void> {
  const { tokenId, actor } = command;
  if (!(await revokeApiToken(deps.tokens, tokenId))) throw httpErrors.notFound(`No active API token has id ${tokenId}`);
  await deps.audit.record({ type: AUDIT_EVENT_TYPES.apiTokenRevoked, actor, payload: { id: tokenId } });
}
