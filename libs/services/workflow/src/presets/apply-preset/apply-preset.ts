import type { ApplyPresetRequest, UpdateWorkflowConfigResponse } from '@huntforge/contracts/workflow';
import type { ApplyConfigChangeDeps } from '../../config/change/apply-config-change';
import { configChangeView } from '../../config/config-view';
import type { PresetRepository } from '../../repositories/preset-repository';
import { applyPresetFile } from '../apply-preset-file';
import { parsePresetFile } from '../preset-file';
import { findPreset } from '../preset-names';

export interface ApplyPresetDeps extends ApplyConfigChangeDeps {
  presets: Pick<PresetRepository, 'find'>;
}

export interface ApplyPresetCommand {
  request: ApplyPresetRequest;
  /** The signed-in user the gateway forwarded, if any. */
  actor: string | null;
}

/** A saved preset applied as a new config version under the PUT rules. */
export async function applyPreset(deps: ApplyPresetDeps, command: ApplyPresetCommand): Promise<UpdateWorkflowConfigResponse> {
  const { request } = command;
  const row = await findPreset(deps.presets, request.name);
  const result = await applyPresetFile(deps, parsePresetFile(row.config, 'preset'), {
    allowPromptWarnings: request.allow_prompt_warnings ?? false,
    allowUnavailableProviders: request.allow_unavailable_providers ?? false,
    actor: command.actor,
    label: request.name,
  });
  return configChangeView(result);
}
