import { PRESET_FORMAT, type exportPresetQuerySchema, type PresetFile } from '@huntforge/contracts/workflow';
import type { z } from 'zod';
import type { PresetRepository } from '../../repositories/preset-repository';
import { activePresetFile, type ActivePresetDeps } from '../active-preset';
import { parsePresetFile, withoutAutoTrigger } from '../preset-file';
import { findPreset } from '../preset-names';

export interface ExportPresetDeps extends ActivePresetDeps {
  presets: Pick<PresetRepository, 'find'>;
}

/** A saved preset as a file, or the active config (with its prompts) when no name is given. */
export async function exportPreset(deps: ExportPresetDeps, query: z.infer<typeof exportPresetQuerySchema>): Promise<PresetFile> {
  if (!query.name)
    return activePresetFile(deps, { name: 'active-config', description: 'The active workflow configuration', includePrompts: true });
  const row = await findPreset(deps.presets, query.name);
  return {
    ...withoutAutoTrigger(parsePresetFile(row.config, 'preset')),
    format: PRESET_FORMAT,
    name: row.name,
    description: row.description,
  };
}
