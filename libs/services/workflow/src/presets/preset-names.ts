import { WORKFLOW_ERROR_CODES } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import type { PresetRecord } from '../records';
import type { PresetRepository } from '../repositories/preset-repository';

/** The saved preset of that name, or 404 preset_not_found. */
export async function findPreset(presets: Pick<PresetRepository, 'find'>, name: string): Promise<PresetRecord> {
  const row = await presets.find(name);
  if (!row) throw new HttpError(404, WORKFLOW_ERROR_CODES.presetNotFound, `No preset named ${name}`, { name });
  return row;
}

/** A quickstart is never replaced (409 preset_read_only); another saved preset only when the caller said so (409 preset_exists). */
export async function assertSavable(presets: Pick<PresetRepository, 'find'>, name: string, overwrite: boolean): Promise<void> {
  const existing = await presets.find(name);
  if (!existing) return;
  if (existing.isQuickstart)
    throw new HttpError(
      409,
      WORKFLOW_ERROR_CODES.presetReadOnly,
      `${name} is a quickstart preset and cannot be overwritten; choose another name`,
      { name },
    );
  if (!overwrite)
    throw new HttpError(
      409,
      WORKFLOW_ERROR_CODES.presetExists,
      `A preset named ${name} exists; pass overwrite=true to replace it, or choose another name`,
      { name },
    );
}
