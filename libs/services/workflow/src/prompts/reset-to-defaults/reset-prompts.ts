import { PROMPT_AGENT_NAMES, type PromptChangeResponse, type ResetPromptsRequest } from '@huntforge/contracts/workflow';
import { saveConfigChange, type ConfigChangeDeps } from '../../config/change/save-config-change';
import type { DefaultPrompts } from '../default-prompts';
import { promptAgent } from '../prompt-agents';
import { promptChangeView } from '../prompt-views';

export interface ResetPromptsDeps extends ConfigChangeDeps {
  defaults: Pick<DefaultPrompts, 'prompt'>;
}

export interface ResetPromptsCommand {
  request: ResetPromptsRequest;
  /** The signed-in user the gateway forwarded, if any. */
  actor: string | null;
}

/** The shipped default prompts restored for the agents named (all nine when none are); other agents keep theirs. */
export async function resetPrompts(deps: ResetPromptsDeps, command: ResetPromptsCommand): Promise<PromptChangeResponse> {
  const agents = (command.request.agent_names ?? [...PROMPT_AGENT_NAMES]).map((name) => promptAgent(name, false));
  const prompts = Object.fromEntries(agents.map((agent) => [agent, deps.defaults.prompt(agent)]));
  const result = await saveConfigChange(deps, {
    prompts,
    description: `Reset to defaults: ${agents.join(', ')}`,
    actor: command.actor,
  });
  return promptChangeView(deps.prompts, result);
}
