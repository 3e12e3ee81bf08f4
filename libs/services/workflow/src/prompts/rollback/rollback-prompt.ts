import { WORKFLOW_ERROR_CODES, type PromptChangeResponse, type RollbackPromptRequest } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import { saveConfigChange, type ConfigChangeDeps } from '../../config/change/save-config-change';
import type { PromptRepository } from '../../repositories/prompt-repository';
import { promptAgent } from '../prompt-agents';
import { promptChangeView } from '../prompt-views';

export interface RollbackPromptDeps extends ConfigChangeDeps {
  prompts: Pick<PromptRepository, 'current' | 'version'>;
}

export interface RollbackPromptCommand {
  agentName: string;
  request: RollbackPromptRequest;
  /** The signed-in user the gateway forwarded, if any. */
  actor: string | null;
}

/** An earlier prompt version of one of the nine agents saved again as its next version (history stays). */
export async function rollbackPrompt(deps: RollbackPromptDeps, command: RollbackPromptCommand): Promise<PromptChangeResponse> {
  const agent = promptAgent(command.agentName, false);
  const { version, change_description } = command.request;
  const target = await deps.prompts.version(agent, version);
  if (!target)
    throw new HttpError(404, WORKFLOW_ERROR_CODES.promptVersionNotFound, `${agent} has no prompt version ${version}`, { agent, version });
  const result = await saveConfigChange(deps, {
    prompts: { [agent]: target.prompt },
    description: change_description ?? `Rollback of ${agent} to prompt version ${version}`,
    actor: command.actor,
  });
  return promptChangeView(deps.prompts, result);
}
