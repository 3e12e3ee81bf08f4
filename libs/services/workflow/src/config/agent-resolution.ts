import {
  isExtractionAgent,
  type AgentSettings,
  type ConfigAgentName,
  type ProviderId,
  type WorkflowSettings,
} from '@huntforge/contracts/workflow';

export interface ResolvedAgentModel {
  provider: ProviderId;
  model: string | null;
  /** True when the provider/model came from ExtractAgent. */
  inherited: boolean;
}

/**
 * The provider and model an agent runs with. An extractor with no model of its own (and not builtin)
 * takes ExtractAgent's provider and model: ExtractAgent exists only to supply that fallback.
 */
export function resolveAgentModel(settings: WorkflowSettings, agent: ConfigAgentName): ResolvedAgentModel {
  const own: AgentSettings = settings.agents[agent];
  if (isExtractionAgent(agent) && own.model === null && own.provider !== 'builtin') {
    const fallback = settings.agents.ExtractAgent;
    return { provider: fallback.provider, model: fallback.model, inherited: true };
  }
  return { provider: own.provider, model: own.model, inherited: false };
}
