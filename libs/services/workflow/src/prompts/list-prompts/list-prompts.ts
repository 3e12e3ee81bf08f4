import { ANY_PROMPT_AGENT_NAMES, type PromptListResponse } from '@huntforge/contracts/workflow';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';
import type { PromptRepository } from '../../repositories/prompt-repository';
import { promptView } from '../prompt-views';

export interface ListPromptsDeps {
  configs: Pick<WorkflowConfigRepository, 'ensureActive'>;
  prompts: Pick<PromptRepository, 'current'>;
}

/** Every prompt-bearing agent (the legacy keys too) with its current prompt, and the active config version. */
export async function listPrompts(deps: ListPromptsDeps): Promise<PromptListResponse> {
  const [current, active] = await Promise.all([deps.prompts.current(), deps.configs.ensureActive()]);
  return {
    prompts: Object.fromEntries(ANY_PROMPT_AGENT_NAMES.map((agent) => [agent, promptView(agent, current.get(agent))])),
    config_version: active.version,
  };
}
