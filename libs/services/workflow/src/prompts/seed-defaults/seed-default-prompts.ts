import { ANY_PROMPT_AGENT_NAMES } from '@huntforge/contracts/workflow';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';
import type { ConfigVersionWriter } from '../../repositories/config-stores';
import type { PromptRepository } from '../../repositories/prompt-repository';
import type { DefaultPrompts } from '../default-prompts';

export interface SeedDefaultPromptsDeps {
  configs: Pick<WorkflowConfigRepository, 'ensureActive'>;
  prompts: Pick<PromptRepository, 'anyVersionSaved'>;
  versions: Pick<ConfigVersionWriter, 'savePrompts'>;
  defaults: Pick<DefaultPrompts, 'prompt'>;
}

/**
 * On a fresh database: the default prompt of every agent as its version 1, saved with the active config
 * version. True when this call seeded them; false when a prompt history exists (or another replica seeded first).
 */
export async function seedDefaultPrompts(deps: SeedDefaultPromptsDeps): Promise<boolean> {
  if (await deps.prompts.anyVersionSaved()) return false;
  const active = await deps.configs.ensureActive();
  const changes = ANY_PROMPT_AGENT_NAMES.map((agentName) => ({ agentName, prompt: deps.defaults.prompt(agentName) }));
  try {
    await deps.versions.savePrompts(changes, { configVersion: active.version, description: 'Default prompts', actor: null });
    return true;
  } catch {
    return false; // another replica seeded them first
  }
}
