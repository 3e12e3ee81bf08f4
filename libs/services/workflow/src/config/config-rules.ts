import { EXTRACTION_AGENTS } from '@huntforge/contracts/extraction';
import {
  CONFIG_AGENT_NAMES,
  isPromptEmpty,
  type ConfigAgentName,
  type ModelCapabilities,
  type ModelCatalogFile,
  type Prompt,
  type WorkflowSettings,
} from '@huntforge/contracts/workflow';
import { catalogProvidersOf } from '@huntforge/llm';
import { resolveAgentModel } from './agent-resolution';

/** Providers sharing one model namespace: codex (the subscription) runs OpenAI's model ids. */
const NAMESPACE_OF: Record<string, string> = {
  openai: 'openai',
  codex: 'openai',
  anthropic: 'anthropic',
  ollama: 'ollama',
  builtin: 'builtin',
};

export interface MissingPrompt {
  agent: string;
  reason: string;
}

export interface ProviderModelMismatch {
  agent: string;
  provider: string;
  model: string;
  catalog_providers: string[];
}

export interface InvalidEffort {
  agent: string;
  field: string;
  effort: string;
  provider: string;
  model: string;
  allowed: string[];
}

/** Which agents the request touched, per kind of change. */
export interface ChangedAgents {
  /** Provider or model changed. */
  pairs: Set<ConfigAgentName>;
  /** Effort changed. */
  efforts: Set<ConfigAgentName>;
  /** Switched from disabled to enabled. */
  enabled: Set<ConfigAgentName>;
  /** Prompt included in the request. */
  prompts: Set<string>;
}

export function changedAgents(before: WorkflowSettings, after: WorkflowSettings, promptAgents: Iterable<string>): ChangedAgents {
  const changes: ChangedAgents = { pairs: new Set(), efforts: new Set(), enabled: new Set(), prompts: new Set(promptAgents) };
  for (const agent of CONFIG_AGENT_NAMES) {
    const old = before.agents[agent];
    const next = after.agents[agent];
    if (old.provider !== next.provider || old.model !== next.model) changes.pairs.add(agent);
    if (old.effort !== next.effort) changes.efforts.add(agent);
    if (!old.enabled && next.enabled) changes.enabled.add(agent);
  }
  // An extractor without its own model runs ExtractAgent's pair: a change there is a change for it.
  if (changes.pairs.has('ExtractAgent')) {
    for (const agent of EXTRACTION_AGENTS) if (resolveAgentModel(after, agent).inherited) changes.pairs.add(agent);
  }
  return changes;
}

/**
 * Rule 1: an enabled extractor without a prompt. Only what the request could have broken is checked:
 * extractors it enabled and extractors whose prompt it sent. A settings-only save (thresholds, models,
 * temperatures, efforts) and disabled extractors are exempt.
 */
export function missingPrompts(
  after: WorkflowSettings,
  prompts: ReadonlyMap<string, Prompt | null>,
  changes: ChangedAgents,
): MissingPrompt[] {
  return EXTRACTION_AGENTS.filter((agent) => after.agents[agent].enabled && (changes.enabled.has(agent) || changes.prompts.has(agent)))
    .filter((agent) => isPromptEmpty(prompts.get(agent)))
    .map((agent) => ({ agent, reason: `${agent} is enabled but has no prompt` }));
}

/**
 * Rule 2: a provider paired with a model the catalog attributes only to other providers. Only changed
 * pairs are checked; models absent from the catalog (local or new models) always pass; openai and
 * codex share one namespace.
 */
export function providerModelMismatches(
  after: WorkflowSettings,
  catalog: ModelCatalogFile,
  changes: ChangedAgents,
): ProviderModelMismatch[] {
  const mismatches: ProviderModelMismatch[] = [];
  for (const agent of changes.pairs) {
    const { provider, model } = resolveAgentModel(after, agent);
    if (!model) continue;
    const listedBy = catalogProvidersOf(catalog, model);
    if (listedBy.length === 0) continue;
    if (!listedBy.some((listed) => NAMESPACE_OF[listed] === NAMESPACE_OF[provider])) {
      mismatches.push({ agent, provider, model, catalog_providers: listedBy });
    }
  }
  return mismatches;
}

/**
 * Rule 3: an {Agent}_effort outside the resolved model's effort_levels. Checked for agents whose effort,
 * provider or model changed; models without a capabilities entry cannot be judged and pass.
 */
export async function invalidEfforts(
  after: WorkflowSettings,
  changes: ChangedAgents,
  capabilitiesOf: (provider: string, model: string) => Promise<ModelCapabilities | undefined>,
): Promise<InvalidEffort[]> {
  const invalid: InvalidEffort[] = [];
  for (const agent of new Set([...changes.efforts, ...changes.pairs])) {
    const effort = after.agents[agent].effort;
    if (effort === null) continue;
    const { provider, model } = resolveAgentModel(after, agent);
    if (!model) continue;
    const capabilities = await capabilitiesOf(provider, model);
    if (capabilities && !capabilities.effort_levels.includes(effort)) {
      invalid.push({ agent, field: `${agent}_effort`, effort, provider, model, allowed: capabilities.effort_levels });
    }
  }
  return invalid;
}
