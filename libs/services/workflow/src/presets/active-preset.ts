import { PRESET_FORMAT, PROMPT_AGENT_NAMES, type PresetFile } from '@huntforge/contracts/workflow';
import type { WorkflowConfigRepository } from '../repositories/config-repository';
import type { PromptRepository } from '../repositories/prompt-repository';

export interface ActivePresetDeps {
  configs: Pick<WorkflowConfigRepository, 'ensureActive'>;
  prompts: Pick<PromptRepository, 'current'>;
}

/** The active config's thresholds and agents (and the nine agents' prompts unless left out) as a preset file. */
export async function activePresetFile(
  deps: ActivePresetDeps,
  meta: { name: string; description: string | null; includePrompts: boolean },
): Promise<PresetFile> {
  const active = await deps.configs.ensureActive();
  const file: PresetFile = {
    format: PRESET_FORMAT,
    name: meta.name,
    description: meta.description,
    thresholds: active.settings.thresholds,
    agents: active.settings.agents,
  };
  if (meta.includePrompts) {
    const prompts = await deps.prompts.current();
    file.agent_prompts = Object.fromEntries(
      PROMPT_AGENT_NAMES.flatMap((agent) => {
        const stored = prompts.get(agent);
        return stored ? [[agent, stored.prompt]] : [];
      }),
    );
  }
  return file;
}
