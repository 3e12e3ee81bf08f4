import { WORKFLOW_ERROR_CODES } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';
import type { PromptRepository } from '../../repositories/prompt-repository';
import { promptAgent } from '../prompt-agents';

export interface PromptAtConfigVersionDeps {
  configs: Pick<WorkflowConfigRepository, 'exists'>;
  prompts: Pick<PromptRepository, 'atConfigVersion'>;
}

export interface PromptAtConfigVersionCommand {
  agentName: string;
  configVersion: number;
}

/** The prompt one of the nine agents had at a config version (404 config_version_not_found for a version never saved). */
export async function promptAtConfigVersion(deps: PromptAtConfigVersionDeps, command: PromptAtConfigVersionCommand) {
  const agent = promptAgent(command.agentName, false);
  const { configVersion } = command;
  if (!(await deps.configs.exists(configVersion))) {
    throw new HttpError(404, WORKFLOW_ERROR_CODES.configNotFound, `No workflow config version ${configVersion}`, {
      config_version: configVersion,
    });
  }
  const record = await deps.prompts.atConfigVersion(agent, configVersion);
  return {
    agent_name: agent,
    config_version: configVersion,
    prompt: record?.prompt ?? null,
    prompt_version: record?.version ?? null,
  };
}
