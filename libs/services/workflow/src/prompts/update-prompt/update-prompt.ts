import { ANY_PROMPT_AGENT_NAMES, type PromptChangeResponse, type UpdatePromptRequest } from '@huntforge/contracts/workflow';
import { saveConfigChange, type ConfigChangeDeps } from '../../config/change/save-config-change';
import { normalisePrompts } from '../../config/prompt-input';
import { promptAgent } from '../prompt-agents';
import { promptChangeView } from '../prompt-views';

export interface UpdatePromptCommand {
  request: UpdatePromptRequest;
  /** The signed-in user the gateway forwarded, if any. */
  actor: string | null;
}

/** One agent's prompt (legacy route: the auxiliary keys too) saved with a new config version; the PUT rules do not apply. */
export async function updatePrompt(deps: ConfigChangeDeps, command: UpdatePromptCommand): Promise<PromptChangeResponse> {
  const { request } = command;
  const agent = promptAgent(request.agent_name, true);
  const prompts = normalisePrompts({ [agent]: request.prompt }, ANY_PROMPT_AGENT_NAMES, 'body.prompt');
  const result = await saveConfigChange(deps, {
    prompts,
    description: request.change_description ?? `Prompt update: ${agent}`,
    actor: command.actor,
  });
  return promptChangeView(deps.prompts, result);
}
