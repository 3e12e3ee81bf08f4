import type { PresetSummary } from '@huntforge/contracts/workflow';
import type { PresetRepository } from '../../repositories/preset-repository';
import { presetSummary } from '../preset-file';

export interface ListPresetsDeps {
  presets: Pick<PresetRepository, 'list'>;
}

/** The saved presets, quickstarts first, then by name. */
export async function listPresets(deps: ListPresetsDeps): Promise<{ presets: PresetSummary[] }> {
  return { presets: (await deps.presets.list()).map(presetSummary) };
}
