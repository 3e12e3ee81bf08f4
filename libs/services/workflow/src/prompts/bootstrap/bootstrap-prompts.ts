import { PROMPT_AGENT_NAMES, type BootstrapPromptsRequest, type PromptChangeResponse } from '@huntforge/contracts/workflow';
import { saveConfigChange, type ConfigChangeDeps } from '../../config/change/save-config-change';
import { normalisePrompts } from '../../config/prompt-input';
import { promptChangeView } from '../prompt-views';

export interface BootstrapPromptsCommand {
  request: BootstrapPromptsRequest;
  /** The signed-in user the gateway forwarded, if any. */
  actor: string | null;
}

/**
 * Wholesale: the nine agents get exactly what the request holds, and those it leaves out lose their prompt.
 * The legacy auxiliary prompts are outside it.
 */
export async function bootstrapPrompts(deps: ConfigChangeDeps, command: BootstrapPromptsCommand): Promise<PromptChangeResponse> {
  const given = normalisePrompts(command.request.prompts, PROMPT_AGENT_NAMES, 'body.prompts');
  const prompts = Object.fromEntries(PROMPT_AGENT_NAMES.map((agent) => [agent, given[agent] ?? null]));
  const result = await saveConfigChange(deps, {
    prompts,
    description: command.request.change_description ?? 'Prompts bootstrap',
    actor: command.actor,
  });
  return promptChangeView(deps.prompts, result);
}
