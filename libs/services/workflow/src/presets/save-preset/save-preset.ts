import type { PresetSummary, SavePresetRequest } from '@huntforge/contracts/workflow';
import type { PresetRepository } from '../../repositories/preset-repository';
import { activePresetFile, type ActivePresetDeps } from '../active-preset';
import { presetSummary } from '../preset-file';
import { assertSavable } from '../preset-names';

export interface SavePresetDeps extends ActivePresetDeps {
  presets: Pick<PresetRepository, 'find' | 'save'>;
}

/** The active config (and its prompts unless left out) stored as a named preset. */
export async function savePreset(deps: SavePresetDeps, request: SavePresetRequest): Promise<PresetSummary> {
  const description = request.description ?? null;
  await assertSavable(deps.presets, request.name, request.overwrite ?? false);
  const file = await activePresetFile(deps, { name: request.name, description, includePrompts: request.include_prompts ?? true });
  return presetSummary(await deps.presets.save(request.name, description, file));
}
