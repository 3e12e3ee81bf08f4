import { WORKFLOW_ERROR_CODES } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import type { PresetRepository } from '../../repositories/preset-repository';
import { findPreset } from '../preset-names';

export interface DeletePresetDeps {
  presets: Pick<PresetRepository, 'find' | 'remove'>;
}

export interface DeletePresetCommand {
  name: string;
}

/** Removes a saved preset; a quickstart cannot be deleted (409 preset_read_only). */
export async function deletePreset(deps: DeletePresetDeps, command: DeletePresetCommand): Promise<void> {
  const row = await findPreset(deps.presets, command.name);
  if (row.isQuickstart)
    throw new HttpError(409, WORKFLOW_ERROR_CODES.presetReadOnly, `${command.name} is a quickstart preset and cannot be deleted`, {
      name: command.name,
    });
  await deps.presets.remove(command.name);
}
