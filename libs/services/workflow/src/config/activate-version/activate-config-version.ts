import {
  PROMPT_AGENT_NAMES,
  WORKFLOW_ERROR_CODES,
  type activateConfigVersionRequestSchema,
  type Prompt,
  type UpdateWorkflowConfigResponse,
} from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import type { z } from 'zod';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';
import type { PromptRepository } from '../../repositories/prompt-repository';
import { applyConfigChange, type ApplyConfigChangeDeps } from '../change/apply-config-change';
import { configChangeView } from '../config-view';

export interface ActivateConfigVersionDeps extends ApplyConfigChangeDeps {
  configs: Pick<WorkflowConfigRepository, 'ensureActive' | 'list'>;
  prompts: Pick<PromptRepository, 'current' | 'atConfigVersion'>;
}

export interface ActivateConfigVersionCommand {
  version: number;
  /** The request body, which may be left out. */
  request?: z.infer<typeof activateConfigVersionRequestSchema>;
  actor: string | null;
}

/**
 * Re-activates an earlier config version: its thresholds, per-agent settings and the prompts in force at it
 * become the next version (history is never rewritten; the auto-trigger threshold stays as it is). The version
 * ran before, so a missing prompt is a warning unless the caller says otherwise; every enabled agent's provider
 * must be usable now unless the caller says to apply anyway.
 */
export async function activateConfigVersion(
  deps: ActivateConfigVersionDeps,
  command: ActivateConfigVersionCommand,
): Promise<UpdateWorkflowConfigResponse> {
  const { version, request } = command;
  const { rows } = await deps.configs.list({ skip: 0, take: 1, version });
  const target = rows[0];
  if (!target) throw new HttpError(404, WORKFLOW_ERROR_CODES.configNotFound, `No config version ${version}`, { version });
  const prompts: Record<string, Prompt | null> = {};
  for (const agent of PROMPT_AGENT_NAMES) {
    const stored = await deps.prompts.atConfigVersion(agent, version);
    if (stored) prompts[agent] = stored.prompt;
  }
  const result = await applyConfigChange(deps, {
    thresholds: target.settings.thresholds,
    agents: target.settings.agents,
    prompts,
    description: `Re-activated v${version}`,
    allowPromptWarnings: request?.allow_prompt_warnings ?? true,
    providerCheck: { agents: 'all', allowUnavailable: request?.allow_unavailable_providers ?? false },
    actor: command.actor,
  });
  return configChangeView(result);
}
