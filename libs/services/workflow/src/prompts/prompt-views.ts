import type { PromptChangeResponse, PromptVersionView, PromptView } from '@huntforge/contracts/workflow';
import type { ConfigChangeResult } from '../config/change/save-config-change';
import type { PromptRepository, PromptVersionRecord, StoredPrompt } from '../repositories/prompt-repository';

export function promptView(agent: string, stored: StoredPrompt | undefined): PromptView {
  return {
    agent_name: agent,
    prompt: stored?.prompt ?? null,
    version: stored?.version ?? null,
    updated_at: stored?.updatedAt.toISOString() ?? null,
  };
}

export function promptVersionView(record: PromptVersionRecord): PromptVersionView {
  return {
    agent_name: record.agentName,
    version: record.version,
    prompt: record.prompt,
    config_version: record.configVersion,
    change_description: record.changeDescription,
    created_by: record.createdBy,
    created_at: record.createdAt.toISOString(),
  };
}

/** The answer to a prompt change: the agents whose prompt it changed, with their prompts as they are now. */
export async function promptChangeView(
  prompts: Pick<PromptRepository, 'current'>,
  result: ConfigChangeResult,
): Promise<PromptChangeResponse> {
  const current = await prompts.current();
  return {
    agents: result.changedPrompts,
    config_version: result.record.version,
    prompts: Object.fromEntries(result.changedPrompts.map((agent) => [agent, promptView(agent, current.get(agent))])),
  };
}
