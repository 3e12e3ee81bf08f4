import type { PromptView } from '@huntforge/contracts/workflow';
import type { PromptRepository } from '../../repositories/prompt-repository';
import { promptAgent } from '../prompt-agents';
import { promptView } from '../prompt-views';

export interface GetPromptDeps {
  prompts: Pick<PromptRepository, 'current'>;
}

export interface GetPromptCommand {
  agentName: string;
}

/** One agent's current prompt (legacy route: the auxiliary keys too); null fields when it has none. */
export async function getPrompt(deps: GetPromptDeps, command: GetPromptCommand): Promise<PromptView> {
  const agent = promptAgent(command.agentName, true);
  return promptView(agent, (await deps.prompts.current()).get(agent));
}
