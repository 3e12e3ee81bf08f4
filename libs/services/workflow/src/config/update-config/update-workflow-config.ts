import {
  CONFIG_AGENT_NAMES,
  PROMPT_AGENT_NAMES,
  type UpdateWorkflowConfigRequest,
  type UpdateWorkflowConfigResponse,
} from '@huntforge/contracts/workflow';
import { applyConfigChange, type ApplyConfigChangeDeps } from '../change/apply-config-change';
import { configChangeView } from '../config-view';
import { fromFlatAgentModels } from '../flat-agent-models';
import { normalisePrompts } from '../prompt-input';
import { unknownAgentError } from '../unknown-agent';

export type UpdateWorkflowConfigDeps = Omit<ApplyConfigChangeDeps, 'availability'>;

export interface UpdateWorkflowConfigCommand {
  request: UpdateWorkflowConfigRequest;
  /** The signed-in user the gateway forwarded, if any. */
  actor: string | null;
}

/**
 * PUT /api/workflow/config: thresholds, per-agent settings (nested, or in the flat layout, the nested
 * fields winning) and prompts saved as one new version under the PUT rules. The auto-trigger threshold is
 * not touched, and providers are not checked for being usable now.
 */
export async function updateWorkflowConfig(
  deps: UpdateWorkflowConfigDeps,
  command: UpdateWorkflowConfigCommand,
): Promise<UpdateWorkflowConfigResponse> {
  const { request } = command;
  const flat = fromFlatAgentModels(request.agent_models ?? {});
  if (flat.unknown.length > 0) throw unknownAgentError(flat.unknown, CONFIG_AGENT_NAMES);
  const agents: Record<string, object> = { ...flat.agents };
  for (const [agent, change] of Object.entries(request.agents ?? {})) agents[agent] = { ...agents[agent], ...change };
  const result = await applyConfigChange(deps, {
    thresholds: request.thresholds,
    agents,
    prompts: request.agent_prompts ? normalisePrompts(request.agent_prompts, PROMPT_AGENT_NAMES) : undefined,
    description: request.description ?? null,
    allowPromptWarnings: request.allow_prompt_warnings ?? false,
    actor: command.actor,
  });
  return configChangeView(result);
}
