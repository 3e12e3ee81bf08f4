import type { PromptVersionsResponse } from '@huntforge/contracts/workflow';
import type { PromptRepository } from '../../repositories/prompt-repository';
import { promptAgent } from '../prompt-agents';
import { promptVersionView } from '../prompt-views';

export interface ListPromptVersionsDeps {
  prompts: Pick<PromptRepository, 'versions' | 'current'>;
}

export interface ListPromptVersionsCommand {
  agentName: string;
}

/** Every saved version of one of the nine agents' prompts, newest first, and the version in force. */
export async function listPromptVersions(
  deps: ListPromptVersionsDeps,
  command: ListPromptVersionsCommand,
): Promise<PromptVersionsResponse> {
  const agent = promptAgent(command.agentName, false);
  const versions = await deps.prompts.versions(agent);
  return {
    agent_name: agent,
    versions: versions.map(promptVersionView),
    current_version: (await deps.prompts.current()).get(agent)?.version ?? null,
  };
}
