import { z } from 'zod';

/** Model providers an agent can use. `builtin` runs the deterministic agent and has no model. */
export const PROVIDER_IDS = ['openai', 'anthropic', 'ollama', 'codex', 'builtin'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Every external service Huntforge can be pointed at: the model providers plus the rules repository host. */
export type ExternalServiceId = ProviderId | 'github';

/**
 * The one table of the spec's neutral spellings. The spec writes provider_a for OpenAI, provider_b for
 * Anthropic, provider_local for Ollama, provider_sub for the Codex subscription and repohost for GitHub;
 * config bodies, presets and the alias test routes all resolve names through here.
 */
export const PROVIDER_ALIASES = {
  provider_a: 'openai',
  provider_b: 'anthropic',
  provider_local: 'ollama',
  provider_sub: 'codex',
  repohost: 'github',
} as const satisfies Record<string, ExternalServiceId>;

export type ProviderAlias = keyof typeof PROVIDER_ALIASES;

/** The real name for a real name or a neutral alias (case-insensitive); undefined for anything else. */
export function canonicalServiceName(name: string): ExternalServiceId | undefined {
  const lower = name.trim().toLowerCase();
  if ((PROVIDER_IDS as readonly string[]).includes(lower) || lower === 'github') return lower as ExternalServiceId;
  return (PROVIDER_ALIASES as Record<string, ExternalServiceId>)[lower];
}

/** A model provider id; neutral aliases are accepted and normalised (provider_a → openai). */
export const providerIdSchema = z
  .preprocess((value) => (typeof value === 'string' ? (canonicalServiceName(value) ?? value) : value), z.enum(PROVIDER_IDS))
  .meta({
    id: 'ProviderId',
    description: 'openai, anthropic, ollama, codex or builtin (aliases provider_a, provider_b, provider_local, provider_sub)',
  });
