import { Router } from 'express';
import type { ApiTokenRepository } from '@huntforge/data';
import {
  apiTokenIdParamsSchema,
  createApiTokenRequestSchema,
  type ApiTokenListResponse,
  type CreateApiTokenResponse,
} from '@huntforge/contracts';
import { HttpError, httpErrors, parseOrThrow } from '@huntforge/platform';
import { TokenNameTakenError, createApiToken, listApiTokens, revokeApiToken } from '../auth/api-tokens';
import { toApiToken } from './token-view';

/** Token administration (admin role, enforced by the auth middleware's access rule). */
export function tokensRouter(repo: ApiTokenRepository): Router {
  const router = Router();
  router.get('/api/tokens', async (_req, res) => {
    const body: ApiTokenListResponse = { tokens: (await listApiTokens(repo)).map(toApiToken) };
    res.json(body);
  });
  router.post('/api/tokens', async (req, res) => {
    const input = parseOrThrow(createApiTokenRequestSchema, req.body, 'body');
    try {
      const { token, record } = await createApiToken(repo, input);
      const body: CreateApiTokenResponse = { token, api_token: toApiToken(record) };
      res.status(201).setHeader('Cache-Control', 'no-store').json(body);
    } catch (error) {
      if (error instanceof TokenNameTakenError) throw new HttpError(409, 'token_name_taken', error.message);
      throw error;
    }
  });
  router.delete('/api/tokens/:id', async (req, res) => {
    const { id } = parseOrThrow(apiTokenIdParamsSchema, req.params, 'params');
    if (!(await revokeApiToken(repo, id))) throw httpErrors.notFound(`No active API token has id ${id}`);
    res.status(204).end();
  });
  return router;
}
