import type { PromptDefaultsResponse } from '@huntforge/contracts/workflow';
import { systemPromptOf, type DefaultPrompts } from '../default-prompts';
import { promptAgent } from '../prompt-agents';

export interface GetDefaultPromptDeps {
  defaults: DefaultPrompts;
}

export interface GetDefaultPromptCommand {
  agentName: string;
}

/** The shipped default prompt of an agent (legacy route: the auxiliary keys too), its system prompt and its on-disk user template. */
export function getDefaultPrompt(deps: GetDefaultPromptDeps, command: GetDefaultPromptCommand): PromptDefaultsResponse {
  const agent = promptAgent(command.agentName, true);
  const prompt = deps.defaults.prompt(agent);
  return {
    agent_name: agent,
    prompt,
    system_prompt: systemPromptOf(prompt),
    template_file: deps.defaults.templateFile(agent),
    user_template: deps.defaults.userTemplate(agent),
  };
}
