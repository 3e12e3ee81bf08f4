import { PROMPT_AGENT_NAMES, type PresetFile } from '@huntforge/contracts/workflow';
import { applyConfigChange, type ApplyConfigChangeDeps } from '../config/change/apply-config-change';
import type { ConfigChangeResult } from '../config/change/save-config-change';
import { normalisePrompts } from '../config/prompt-input';

export interface PresetApplyOptions {
  allowPromptWarnings: boolean;
  allowUnavailableProviders: boolean;
  actor: string | null;
  /** What the version's description names the preset by. */
  label: string;
}

/**
 * A preset file applied as a new config version under the PUT rules; the auto-trigger threshold is left alone.
 * Only the agents the preset sets must have usable providers: a preset of thresholds alone is not refused for
 * what it leaves as it was.
 */
export function applyPresetFile(deps: ApplyConfigChangeDeps, file: PresetFile, options: PresetApplyOptions): Promise<ConfigChangeResult> {
  return applyConfigChange(deps, {
    thresholds: file.thresholds,
    agents: file.agents,
    prompts: file.agent_prompts ? normalisePrompts(file.agent_prompts, PROMPT_AGENT_NAMES, 'body.preset.agent_prompts') : undefined,
    description: `Preset: ${options.label}`,
    allowPromptWarnings: options.allowPromptWarnings,
    providerCheck: { agents: Object.keys(file.agents ?? {}), allowUnavailable: options.allowUnavailableProviders },
    actor: options.actor,
  });
}
