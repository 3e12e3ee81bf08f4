import { Router, type Request } from 'express';
import { providerTestRoutes } from '@huntforge/contracts/api';
import type { ApiKeyTestRequest, GithubTestRequest, OllamaTestRequest, TestedService } from '@huntforge/contracts/settings';
import { HttpError, mountRoute, roleOf } from '@huntforge/platform';
import { noStore } from '../http/no-store';
import type { CheckInput } from './provider-checks';
import { testProvider, type TestProviderDeps } from './test-provider';

export type ProviderTestsRouterDeps = TestProviderDeps;

/** HTTP in, check input out. `body` has already been parsed with the route's schema for `service` (see providerTestRoutes). */
function inputOf(service: TestedService, body: unknown, req: Request): CheckInput {
  switch (service) {
    case 'openai':
    case 'anthropic':
      return { apiKey: (body as ApiKeyTestRequest).api_key };
    case 'ollama': {
      const { host } = body as OllamaTestRequest;
      // A typed host makes the server call an address of the caller's choosing: admins only.
      if (host && roleOf(req) !== 'admin')
        throw new HttpError(403, 'forbidden', 'Only an admin may test a host other than the stored OLLAMA_HOST');
      return { host };
    }
    case 'codex':
      return {};
    case 'github': {
      const { token, repo } = body as GithubTestRequest;
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
  for (const { service, route } of providerTestRoutes) {
    mountRoute(router, route, ({ body, req }) => testProvider(deps, { service, input: inputOf(service, body, req) }), {
      before: [noStore],
    });
  }
  return router;
}
