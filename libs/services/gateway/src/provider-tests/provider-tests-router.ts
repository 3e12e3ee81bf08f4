import { Router, type Request } from 'express';
import {
  apiKeyTestRequestSchema,
  codexTestRequestSchema,
  githubTestRequestSchema,
  ollamaTestRequestSchema,
  PROVIDER_TEST_ROUTES,
  type TestedService,
} from '@huntforge/contracts';
import type { SettingsStore } from '@huntforge/data';
import { HttpError, parseOrThrow, type Logger } from '@huntforge/platform';
import { ROLE_HEADER } from '../auth/principal';
import { runProviderCheck, type CheckInput } from './provider-checks';
import type { ProviderTestsConfig } from './provider-tests-config';

export interface ProviderTestsRouterDeps {
  store: SettingsStore;
  config: ProviderTestsConfig;
  logger: Logger;
}

function inputOf(service: TestedService, req: Request): CheckInput {
  const body: unknown = req.body ?? {};
  switch (service) {
    case 'openai':
    case 'anthropic':
      return { apiKey: parseOrThrow(apiKeyTestRequestSchema, body, 'body').api_key };
    case 'ollama': {
      const { host } = parseOrThrow(ollamaTestRequestSchema, body, 'body');
      // A typed host makes the server call an address of the caller's choosing: admins only.
      if (host && req.headers[ROLE_HEADER] !== 'admin') throw new HttpError(403, 'forbidden', 'Only an admin may test a host other than the stored OLLAMA_HOST');
      return { host };
    }
    case 'codex':
      parseOrThrow(codexTestRequestSchema, body, 'body');
      return {};
    case 'github': {
      const { token, repo } = parseOrThrow(githubTestRequestSchema, body, 'body');
      return { token, repo };
    }
  }
}

/**
 * The connectivity tests, at their real paths and at the spec's neutral spellings (one table,
 * PROVIDER_TEST_ROUTES). A failed check is a 200 with success false; a missing credential is a 400.
 */
export function providerTestsRouter(deps: ProviderTestsRouterDeps): Router {
  const router = Router();
  for (const route of PROVIDER_TEST_ROUTES) {
    router.post(route.path, async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const result = await runProviderCheck(deps, route.service, inputOf(route.service, req));
      deps.logger.info({ provider: route.service, success: result.success, upstreamStatus: result.upstream_status ?? null }, 'provider connectivity test');
      res.json(result);
    });
  }
  return router;
}
