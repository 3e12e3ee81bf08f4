import type { ApiTokenListResponse } from '@huntforge/contracts/http';
import type { ApiTokenRepository } from '@huntforge/data';
import { listApiTokens } from '../auth/api-tokens';
import { toApiToken } from './token-view';

export interface ListTokensDeps {
  tokens: Pick<ApiTokenRepository, 'list'>;
}

/** GET /api/tokens: every token, active or revoked, never a secret. */
export async function listTokens(deps: ListTokensDeps): Promise<ApiTokenListResponse> {
  return { tokens: (await listApiTokens(deps.tokens)).map(toApiToken) };
}
