import type { PresetRepository } from '../../repositories/preset-repository';
import type { QuickstartPreset } from '../quickstart-presets';

export interface SeedQuickstartPresetsDeps {
  presets: Pick<PresetRepository, 'save'>;
  /** The shipped quickstart presets, read when the seed runs. */
  quickstarts(): QuickstartPreset[];
}

/** Stores the shipped quickstarts as read-only presets, refreshed on every start; returns their names. */
export async function seedQuickstartPresets(deps: SeedQuickstartPresetsDeps): Promise<string[]> {
  const names: string[] = [];
  for (const { name, file } of deps.quickstarts()) {
    await deps.presets.save(name, file.description ?? null, { ...file, name }, true);
    names.push(name);
  }
  return names;
}
