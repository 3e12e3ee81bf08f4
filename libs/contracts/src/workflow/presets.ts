import { z } from 'zod';
import { agentSettingsSchema, thresholdsSchema } from './config';
import { promptInputSchema } from './prompts';

export const PRESET_FORMAT = 'huntforge.workflow-preset/v1';

/**
 * A preset file: thresholds, per-agent settings and optionally prompts. It never carries the
 * auto-trigger threshold; one present in an imported file is ignored.
 */
export const presetFileSchema = z
  .object({
    format: z.literal(PRESET_FORMAT).optional(),
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(1000).nullable().optional(),
    thresholds: thresholdsSchema.partial().optional(),
    agents: z.record(z.string(), agentSettingsSchema.partial()).optional(),
    agent_prompts: z.record(z.string(), promptInputSchema).optional(),
    auto_trigger_hunt_score_threshold: z.unknown().optional().meta({ description: 'Ignored on import; never exported' }),
  })
  .strict()
  .meta({ id: 'WorkflowPresetFile' });

export type PresetFile = z.infer<typeof presetFileSchema>;

export const presetSummarySchema = z
  .object({
    name: z.string(),
    description: z.string().nullable(),
    is_quickstart: z.boolean(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'WorkflowPresetSummary' });

export const presetListResponseSchema = z.object({ presets: z.array(presetSummarySchema) }).meta({ id: 'WorkflowPresetList' });

export const savePresetRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().max(1000).optional(),
    include_prompts: z.boolean().optional().meta({ description: 'Store the active prompts in the preset (default true)' }),
    overwrite: z.boolean().optional().meta({ description: 'Replace a saved preset of the same name (default false: 409 preset_exists)' }),
  })
  .strict()
  .meta({ id: 'SavePresetRequest' });

export const importPresetRequestSchema = z
  .object({
    preset: presetFileSchema,
    save_as: z.string().trim().min(1).max(200).optional().meta({ description: 'Also store the file as a named preset' }),
    overwrite: z.boolean().optional().meta({ description: 'Let save_as replace a saved preset of the same name (default false: 409 preset_exists, nothing applied)' }),
    allow_prompt_warnings: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'ImportPresetRequest' });

export const applyPresetRequestSchema = z
  .object({ name: z.string().trim().min(1).max(200), allow_prompt_warnings: z.boolean().optional() })
  .strict()
  .meta({ id: 'ApplyPresetRequest' });

export const exportPresetQuerySchema = z.object({
  name: z.string().trim().min(1).max(200).optional().meta({ description: 'A stored preset; the active config when omitted' }),
});

export type PresetSummary = z.infer<typeof presetSummarySchema>;
export type SavePresetRequest = z.infer<typeof savePresetRequestSchema>;
export type ImportPresetRequest = z.infer<typeof importPresetRequestSchema>;
export type ApplyPresetRequest = z.infer<typeof applyPresetRequestSchema>;
