import { SETTINGS_ERROR_CODES } from '@huntforge/contracts/settings';
import type { ProviderId } from '@huntforge/contracts/workflow';
import type { RetryPolicy } from '../call-control';
import { LlmError } from '../errors';
import type { CapabilitiesMap } from '../models/capabilities';
import type { OutboundGuardOptions } from '../outbound/outbound-guard';
import type { LlmProvider } from '../types';
import { createAnthropicProvider } from './anthropic-provider';
import { createBuiltinProvider } from './builtin-provider';
import { createCodexProvider } from './codex-provider';
import { createOllamaProvider } from './ollama-provider';
import { createOpenAiProvider } from './openai-provider';

/** Anything with the settings reader's `get` (stored value wins over the environment). */
export interface SettingsSource {
  get(key: string): Promise<string | undefined>;
}

export const OLLAMA_DEFAULT_HOST = 'http://127.0.0.1:11434';

export interface ProviderFactoryOptions {
  capabilities?: CapabilitiesMap;
  retry?: RetryPolicy;
  /** CODEX_PATH: deployment configuration, deliberately not a runtime setting (it names an executable). */
  codexPath?: string;
  codexEnv?: Record<string, string>;
  /** The call-time check of base URLs (default: PROVIDER_ALLOW_PRIVATE_NETWORKS from process.env, system DNS). */
  guard?: OutboundGuardOptions;
}

/** The connection settings each provider reads, by the environment-variable names. */
export const PROVIDER_SETTING_KEYS = {
  openai: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  anthropic: { apiKey: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
  ollama: { host: 'OLLAMA_HOST' },
} as const;

/** The code the settings reader's refusal carries. */
const CREDENTIAL_BASE_URL_CHANGED = SETTINGS_ERROR_CODES.credentialBaseUrlChanged;

async function required(settings: SettingsSource, key: string, provider: ProviderId): Promise<string> {
  let value: string | undefined;
  try {
    value = await settings.get(key);
  } catch (error) {
    // A credential withheld because its base URL changed: the provider's stage fails with that reason, like a missing key.
    if ((error as { code?: unknown }).code === CREDENTIAL_BASE_URL_CHANGED)
      throw new LlmError(CREDENTIAL_BASE_URL_CHANGED, (error as Error).message, { provider });
    throw error;
  }
  if (!value)
    throw new LlmError('provider_not_configured', `${provider} is not configured: set ${key} in the settings or the environment`, {
      provider,
    });
  return value;
}

/** A provider wired from the runtime settings: the same for the workflow pipeline and the sigma-queue enrichment. */
export async function createProviderFromSettings(
  id: ProviderId,
  settings: SettingsSource,
  options: ProviderFactoryOptions = {},
): Promise<LlmProvider> {
  switch (id) {
    case 'openai':
      return createOpenAiProvider({
        apiKey: await required(settings, PROVIDER_SETTING_KEYS.openai.apiKey, id),
        baseUrl: await settings.get(PROVIDER_SETTING_KEYS.openai.baseUrl),
        capabilities: options.capabilities,
        retry: options.retry,
        guard: options.guard,
      });
    case 'anthropic':
      return createAnthropicProvider({
        apiKey: await required(settings, PROVIDER_SETTING_KEYS.anthropic.apiKey, id),
        baseUrl: await settings.get(PROVIDER_SETTING_KEYS.anthropic.baseUrl),
        capabilities: options.capabilities,
        retry: options.retry,
        guard: options.guard,
      });
    case 'ollama':
      return createOllamaProvider({
        host: (await settings.get(PROVIDER_SETTING_KEYS.ollama.host)) ?? OLLAMA_DEFAULT_HOST,
        retry: options.retry,
        guard: options.guard,
      });
    case 'codex':
      return createCodexProvider({ codexPath: options.codexPath, env: options.codexEnv, retry: options.retry });
    case 'builtin':
      return createBuiltinProvider();
  }
}
