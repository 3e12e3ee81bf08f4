import type { CreateApiTokenRequest, CreateApiTokenResponse } from '@huntforge/contracts/http';
import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';
import type { ApiTokenRepository, AuditRepository } from '@huntforge/data';
import { HttpError } from '@huntforge/platform';
import { createApiToken, TokenNameTakenError } from '../auth/api-tokens';
import { toApiToken } from './token-view';

export interface CreateTokenDeps {
  tokens: Pick<ApiTokenRepository, 'list' | 'create'>;
  audit: Pick<AuditRepository, 'record'>;
}

export interface CreateTokenCommand {
  token: CreateApiTokenRequest;
  /** Who asked (audited); null when authentication is off. */
  actor: string | null;
}

/** POST /api/tokens: a new token, audited by name and role (never the secret); a taken name is 409 token_name_taken. */
export async function createToken(deps: CreateTokenDeps, command: CreateTokenCommand): Promise<CreateApiTokenResponse> {
  try {
    const { token, record } = await createApiToken(deps.tokens, command.token);
    await deps.audit.record({
      type: AUDIT_EVENT_TYPES.apiTokenCreated,
      actor: command.actor,
      payload: { id: record.id, name: record.name, role: record.role },
    });
    return { token, api_token: toApiToken(record) };
  } catch (error) {
    if (error instanceof TokenNameTakenError) throw new HttpError(409, 'token_name_taken', error.message);
    throw error;
  }
}
