import { PROMPT_AGENT_NAMES, WORKFLOW_ERROR_CODES, type Prompt } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import type { ConfigChangeResult, WorkflowConfigService } from './config-service';
import { assertProvidersAvailable, type ProviderAvailability } from './provider-availability';

/**
 * Re-activates an earlier config version: its thresholds, per-agent settings and the prompts in force at it
 * become the next version (history is never rewritten; the auto-trigger threshold stays as it is).
 */
export async function activateConfigVersion(
  service: WorkflowConfigService,
  version: number,
  options: { allowPromptWarnings: boolean; allowUnavailableProviders: boolean; actor: string | null; availability?: ProviderAvailability },
): Promise<ConfigChangeResult> {
  const { rows } = await service.configs.list({ skip: 0, take: 1, version });
  const target = rows[0];
  if (!target) throw new HttpError(404, WORKFLOW_ERROR_CODES.configNotFound, `No config version ${version}`, { version });
  const prompts: Record<string, Prompt | null> = {};
  for (const agent of PROMPT_AGENT_NAMES) {
    const stored = await service.prompts.atConfigVersion(agent, version);
    if (stored) prompts[agent] = stored.prompt;
  }
  return service.apply({
    thresholds: target.settings.thresholds,
    agents: target.settings.agents,
    prompts,
    description: `Re-activated v${version}`,
    allowPromptWarnings: options.allowPromptWarnings,
    enforceRules: true,
    actor: options.actor,
    checkAfter: (after) => assertProvidersAvailable(after.agents, options.availability, options.allowUnavailableProviders),
  });
}
