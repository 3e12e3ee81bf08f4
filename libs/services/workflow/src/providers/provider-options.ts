import {
  PROVIDER_ALIASES,
  type ModelCapabilities,
  type ProviderOptionsBlock,
  type ProviderOptionsResponse,
} from '@huntforge/contracts/workflow';
import {
  findCapabilities,
  listOllamaModels,
  looksLikeReasoningModel,
  OLLAMA_DEFAULT_HOST,
  PROVIDER_SETTING_KEYS,
  type SettingsSource,
} from '@huntforge/llm';
import type { WorkflowServiceConfig } from '../service-config';
import { codexCapabilities, type ModelRegistry } from './model-registry';

/** A model the capabilities file does not list yet: inferred from its family name, and marked so. */
function inferred(model: string): ModelCapabilities {
  const reasoning = looksLikeReasoningModel(model);
  return { supports_temperature: !reasoning, supports_top_p: !reasoning, effort_levels: [], default_effort: null, source: 'inferred' };
}

/** A credential read that cannot fail the whole page: an undecryptable secret is reported, never thrown. */
async function readSetting(settings: SettingsSource, key: string): Promise<{ value?: string; problem?: string }> {
  try {
    return { value: await settings.get(key) };
  } catch {
    return { problem: `the stored ${key} cannot be decrypted (check SETTINGS_ENCRYPTION_KEY)` };
  }
}

function block(
  available: boolean,
  reason: string | null,
  models: string[],
  capabilities: Record<string, ModelCapabilities>,
): ProviderOptionsBlock {
  return { available, reason, models, model_capabilities: capabilities };
}

export interface ProviderOptionsDeps {
  settings: SettingsSource;
  registry: ModelRegistry;
  config: WorkflowServiceConfig;
}

async function hostedBlock(deps: ProviderOptionsDeps, provider: 'openai' | 'anthropic'): Promise<ProviderOptionsBlock> {
  const key = PROVIDER_SETTING_KEYS[provider].apiKey;
  const credential = await readSetting(deps.settings, key);
  const models = [...deps.registry.catalog().providers[provider].models].sort();
  const capabilities = Object.fromEntries(
    models.map((model) => [model, findCapabilities(deps.registry.capabilities(), model) ?? inferred(model)]),
  );
  if (credential.problem) return block(false, credential.problem, models, capabilities);
  return block(Boolean(credential.value), credential.value ? null : `${key} is not configured`, models, capabilities);
}

async function ollamaBlock(deps: ProviderOptionsDeps): Promise<ProviderOptionsBlock> {
  const host = (await readSetting(deps.settings, PROVIDER_SETTING_KEYS.ollama.host)).value ?? OLLAMA_DEFAULT_HOST;
  try {
    const models = await listOllamaModels({ host }, { timeoutMs: deps.config.discoveryTimeoutMs });
    const local: ModelCapabilities = {
      supports_temperature: true,
      supports_top_p: true,
      effort_levels: [],
      default_effort: null,
      source: 'ollama',
    };
    return block(true, null, models, Object.fromEntries(models.map((model) => [model, local])));
  } catch {
    return block(false, `Ollama is not reachable at the configured OLLAMA_HOST`, [], {});
  }
}

async function codexBlock(deps: ProviderOptionsDeps): Promise<ProviderOptionsBlock> {
  const { discovery, error } = await deps.registry.codex();
  if (!discovery) return { ...block(false, error ?? 'codex discovery failed', [], {}), effort_descriptions: {} };
  const models = discovery.models.map((model) => model.id);
  const capabilities = Object.fromEntries(
    discovery.models.map((model) => [
      model.id,
      codexCapabilities(
        model.efforts.map((e) => e.level),
        model.defaultEffort,
      ),
    ]),
  );
  const descriptions = Object.fromEntries(
    discovery.models.map((model) => [model.id, Object.fromEntries(model.efforts.map((e) => [e.level, e.description]))]),
  );
  const reason = discovery.account ? null : 'codex is not logged in (run `codex login` where the service runs)';
  return { ...block(Boolean(discovery.account), reason, models, capabilities), effort_descriptions: descriptions };
}

/** GET /api/workflow/provider-options: per provider availability (with the reason), models and capabilities. */
export async function providerOptions(deps: ProviderOptionsDeps): Promise<ProviderOptionsResponse> {
  const [openai, anthropic, ollama, codex] = await Promise.all([
    hostedBlock(deps, 'openai'),
    hostedBlock(deps, 'anthropic'),
    ollamaBlock(deps),
    codexBlock(deps),
  ]);
  return {
    providers: { openai, anthropic, ollama, codex, builtin: block(true, null, [], {}) },
    aliases: { ...PROVIDER_ALIASES },
  };
}
