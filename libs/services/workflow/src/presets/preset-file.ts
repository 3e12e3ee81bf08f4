import { presetFileSchema, type PresetFile, type PresetSummary } from '@huntforge/contracts/workflow';
import { HttpError, validationDetails } from '@huntforge/platform';
import type { PresetRecord } from '../records';

export function presetSummary(row: PresetRecord): PresetSummary {
  return { name: row.name, description: row.description, is_quickstart: row.isQuickstart, updated_at: row.updatedAt.toISOString() };
}

/** A preset file checked against the contract (400 validation_error, its issues' paths under `where`). */
export function parsePresetFile(raw: unknown, where: string): PresetFile {
  const parsed = presetFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new HttpError(
      400,
      'validation_error',
      'Invalid preset file',
      validationDetails(parsed.error).map((issue) => ({ ...issue, path: `${where}.${issue.path}` })),
    );
  return parsed.data;
}

/** A preset file without the auto-trigger threshold, which presets never carry: export leaves it out, import ignores it. */
export function withoutAutoTrigger(file: PresetFile): PresetFile {
  const { auto_trigger_hunt_score_threshold: _ignored, ...rest } = file;
  return rest;
}
