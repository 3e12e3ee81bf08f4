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

const allowUnavailableProviders = z.boolean().optional().meta({
  description:
    'Apply even when an enabled agent uses a provider with no credential or that cannot be reached (default false: 409 provider_unavailable, nothing applied)',
});

export const importPresetRequestSchema = z
  .object({
    preset: presetFileSchema,
    save_as: z.string().trim().min(1).max(200).optional().meta({ description: 'Also store the file as a named preset' }),
    overwrite: z
      .boolean()
      .optional()
      .meta({ description: 'Let save_as replace a saved preset of the same name (default false: 409 preset_exists, nothing applied)' }),
    allow_prompt_warnings: z.boolean().optional(),
    allow_unavailable_providers: allowUnavailableProviders,
  })
  .strict()
  .meta({ id: 'ImportPresetRequest' });

export const applyPresetRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    allow_prompt_warnings: z.boolean().optional(),
    allow_unavailable_providers: allowUnavailableProviders,
  })
  .strict()
  .meta({ id: 'ApplyPresetRequest' });

/** Re-activating an earlier config version: its thresholds, agents and prompts become the next version. */
export const activateConfigVersionRequestSchema = z
  .object({
    allow_prompt_warnings: z.boolean().optional().meta({
      description: 'Default true: the version ran before, so an extractor without a prompt is reported as a warning, not refused',
    }),
    allow_unavailable_providers: allowUnavailableProviders,
  })
  .strict()
  .meta({ id: 'ActivateConfigVersionRequest' });

export const activateConfigVersionParamsSchema = z.object({ version: z.coerce.number().int().positive() });

/** details of a 409 provider_unavailable: which providers, why, and the agents that use them. */
export const unavailableProviderSchema = z
  .object({ provider: z.string(), reason: z.string(), agents: z.array(z.string()) })
  .meta({ id: 'UnavailableProvider' });

export const exportPresetQuerySchema = z.object({
  name: z.string().trim().min(1).max(200).optional().meta({ description: 'A stored preset; the active config when omitted' }),
});

export type PresetSummary = z.infer<typeof presetSummarySchema>;
export type SavePresetRequest = z.infer<typeof savePresetRequestSchema>;
export type ImportPresetRequest = z.infer<typeof importPresetRequestSchema>;
export type ApplyPresetRequest = z.infer<typeof applyPresetRequestSchema>;
export type UnavailableProvider = z.infer<typeof unavailableProviderSchema>;
