import { PRESET_FORMAT, type ImportPresetRequest, type UpdateWorkflowConfigResponse } from '@huntforge/contracts/workflow';
import type { ApplyConfigChangeDeps } from '../../config/change/apply-config-change';
import { configChangeView } from '../../config/config-view';
import type { PresetRepository } from '../../repositories/preset-repository';
import { applyPresetFile } from '../apply-preset-file';
import { withoutAutoTrigger } from '../preset-file';
import { assertSavable } from '../preset-names';

export interface ImportPresetDeps extends ApplyConfigChangeDeps {
  presets: Pick<PresetRepository, 'find' | 'save'>;
}

export interface ImportPresetCommand {
  request: ImportPresetRequest;
  /** The signed-in user the gateway forwarded, if any. */
  actor: string | null;
}

/**
 * A preset file applied as a new config version, and stored under `save_as` when given. A refused name is
 * refused before anything is applied, so a 409 leaves the active config as it was.
 */
export async function importPreset(deps: ImportPresetDeps, command: ImportPresetCommand): Promise<UpdateWorkflowConfigResponse> {
  const { request } = command;
  const file = withoutAutoTrigger(request.preset);
  if (request.save_as) await assertSavable(deps.presets, request.save_as, request.overwrite ?? false);
  const result = await applyPresetFile(deps, file, {
    allowPromptWarnings: request.allow_prompt_warnings ?? false,
    allowUnavailableProviders: request.allow_unavailable_providers ?? false,
    actor: command.actor,
    label: file.name ?? 'imported file',
  });
  if (request.save_as)
    await deps.presets.save(request.save_as, file.description ?? null, { ...file, format: PRESET_FORMAT, name: request.save_as });
  return configChangeView(result);
}
