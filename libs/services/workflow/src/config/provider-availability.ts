import { WORKFLOW_ERROR_CODES, type AgentSettings, type UnavailableProvider } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';

/** Per provider: null when it can be used now, else why not (no credential, not reachable, not logged in). */
export type ProviderAvailability = () => Promise<Record<string, { available: boolean; reason: string | null } | undefined>>;

/**
 * The providers the enabled agents of `agents` would use that cannot be used now, with the agents that use
 * them. A preset or an old version that needs a missing key would otherwise be activated and fail every run.
 */
export async function unavailableProviders(
  agents: Record<string, Partial<AgentSettings>>,
  availability: ProviderAvailability,
): Promise<UnavailableProvider[]> {
  const byProvider = new Map<string, string[]>();
  for (const [agent, settings] of Object.entries(agents)) {
    if (settings.enabled === false || !settings.provider || settings.provider === 'builtin') continue;
    byProvider.set(settings.provider, [...(byProvider.get(settings.provider) ?? []), agent]);
  }
  if (byProvider.size === 0) return [];
  const blocks = await availability();
  return [...byProvider].flatMap(([provider, users]) => {
    const block = blocks[provider];
    if (block?.available) return [];
    return [{ provider, reason: block?.reason ?? `${provider} is not a known provider`, agents: users.sort() }];
  });
}

/** Refuses (409 provider_unavailable, nothing applied) unless the caller said to apply anyway. */
export async function assertProvidersAvailable(
  agents: Record<string, Partial<AgentSettings>>,
  availability: ProviderAvailability | undefined,
  allow: boolean,
): Promise<void> {
  if (allow || !availability) return;
  const missing = await unavailableProviders(agents, availability);
  if (missing.length === 0) return;
  const summary = missing.map((entry) => `${entry.provider} (${entry.reason}; used by ${entry.agents.join(', ')})`).join('; ');
  throw new HttpError(
    409,
    WORKFLOW_ERROR_CODES.providerUnavailable,
    `Not applied: ${summary}. Configure the provider in Settings, or apply anyway with allow_unavailable_providers=true`,
    { providers: missing },
  );
}
