import type { CatalogProviderEntry, CatalogUpdateResult, ModelCatalogFile } from '@huntforge/contracts/workflow';
import {
  findCapabilities,
  isLlmError,
  listAnthropicModels,
  listOpenAiModels,
  PROVIDER_SETTING_KEYS,
  writeModelCatalog,
  type SettingsSource,
} from '@huntforge/llm';
import type { Logger } from '@huntforge/platform';
import type { WorkflowServiceConfig } from '../service-config';
import type { ModelRegistry } from './model-registry';

export const CATALOG_JOB_ID = 'update_provider_model_catalogs';

/** Without an allowlist, OpenAI's list is cut to its chat and reasoning families (no embeddings, audio, images). */
const OPENAI_CHAT_FAMILIES = /^(gpt-|o\d|chatgpt-|codex-)/;
const NOT_CHAT = /(embedding|tts|whisper|audio|realtime|image|dall-e|transcribe|moderation|search)/;

/** OPENAI_MODEL_ALLOWLIST: comma-separated ids; a trailing * matches a prefix (gpt-5*). */
export function allowlistFilter(allowlist: string | undefined): (model: string) => boolean {
  const entries = (allowlist ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return (model) => OPENAI_CHAT_FAMILIES.test(model) && !NOT_CHAT.test(model);
  return (model) => entries.some((entry) => (entry.endsWith('*') ? model.startsWith(entry.slice(0, -1)) : model === entry));
}

export interface CatalogJobDeps {
  settings: SettingsSource;
  registry: ModelRegistry;
  config: WorkflowServiceConfig;
  logger: Logger;
  signal?: AbortSignal;
}

/**
 * update_provider_model_catalogs: lists OpenAI's models (restricted to the allowlist) and Anthropic's,
 * writes the catalog, keeps a provider's previous list when its fetch fails, and reports ids missing
 * from the capabilities file as a warning plus `unclassified_models`.
 */
export async function updateProviderModelCatalogs(deps: CatalogJobDeps): Promise<CatalogUpdateResult> {
  const previous = deps.registry.catalog();
  const next: ModelCatalogFile = structuredClone(previous);
  const result: CatalogUpdateResult = {
    providers: {},
    warning: null,
    unclassified_models: [],
    catalog_path: deps.config.runtimeCatalogFile,
  };
  const fetched: string[] = [];

  for (const provider of ['openai', 'anthropic'] as const) {
    const keys = PROVIDER_SETTING_KEYS[provider];
    const apiKey = await deps.settings.get(keys.apiKey).catch(() => undefined);
    const kept = (reason: string): void => {
      next.providers[provider] = { ...previous.providers[provider], last_error: reason };
      result.providers[provider] = {
        status: apiKey ? 'kept_previous' : 'skipped',
        models: previous.providers[provider].models.length,
        reason,
      };
    };
    if (!apiKey) {
      kept(`${keys.apiKey} is not configured`);
      continue;
    }
    try {
      const connection = { apiKey, baseUrl: await deps.settings.get(keys.baseUrl) };
      const options = { timeoutMs: deps.config.discoveryTimeoutMs * 6, signal: deps.signal };
      let models = provider === 'openai' ? await listOpenAiModels(connection, options) : await listAnthropicModels(connection, options);
      if (provider === 'openai') models = models.filter(allowlistFilter(await deps.settings.get('OPENAI_MODEL_ALLOWLIST')));
      const entry: CatalogProviderEntry = { models: [...new Set(models)].sort(), fetched_at: new Date().toISOString(), last_error: null };
      next.providers[provider] = entry;
      result.providers[provider] = { status: 'updated', models: entry.models.length, reason: null };
      fetched.push(...entry.models);
    } catch (error) {
      kept(isLlmError(error) ? error.message : 'the model list could not be fetched');
      deps.logger.warn({ provider, reason: result.providers[provider]?.reason }, 'model catalog fetch failed; keeping the previous list');
    }
  }

  next.updated_at = new Date().toISOString();
  writeModelCatalog(deps.config.runtimeCatalogFile, next);
  result.unclassified_models = [...new Set(fetched.filter((model) => !findCapabilities(deps.registry.capabilities(), model)))].sort();
  if (result.unclassified_models.length > 0) {
    result.warning = `${result.unclassified_models.length} fetched model(s) are missing from the model capabilities file: ${result.unclassified_models.join(', ')}`;
    deps.logger.warn({ unclassified_models: result.unclassified_models }, 'models missing from the capabilities file');
  }
  return result;
}
