import { PROVIDER_ALIASES, type ExternalServiceId } from '../workflow/provider-names';

export type TestedService = Exclude<ExternalServiceId, 'builtin'>;

/** Where each connectivity test lives; `{name}` is the real name or one of its neutral aliases. */
const TEMPLATES: Record<TestedService, string> = {
  openai: '/api/test-{name}-key',
  anthropic: '/api/test-{name}-key',
  ollama: '/api/test-{name}-connection',
  codex: '/api/settings/{name}/test',
  github: '/api/settings/{name}/test',
};

export interface ProviderTestRoute {
  service: TestedService;
  path: string;
  /** False for the neutral spellings (provider_a, repohost, ...), which answer exactly like the real path. */
  canonical: boolean;
}

/** Every provider test path, real names first, then the aliases from PROVIDER_ALIASES (one table). */
export const PROVIDER_TEST_ROUTES: readonly ProviderTestRoute[] = (Object.keys(TEMPLATES) as TestedService[]).flatMap((service) => {
  const aliases = Object.entries(PROVIDER_ALIASES)
    .filter(([, real]) => real === service)
    .map(([alias]) => alias);
  return [service, ...aliases].map((name, index) => ({
    service,
    path: TEMPLATES[service].replace('{name}', name),
    canonical: index === 0,
  }));
});
