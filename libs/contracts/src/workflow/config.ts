import { z } from 'zod';
import { CONFIG_AGENT_NAMES, type ConfigAgentName } from './agents';
import { promptInputSchema } from './prompts';
import { providerIdSchema } from './provider-names';

/** Threshold defaults and ranges (spec "Limits"); JunkFilterThreshold's are ours (0.8, 0-1). */
export const THRESHOLD_DEFAULTS = {
  MinHuntScore: 97.0,
  RankingThreshold: 6.0,
  SimilarityThreshold: 0.5,
  JunkFilterThreshold: 0.8,
} as const;

export const AUTO_TRIGGER_THRESHOLD_DEFAULT = 100.0;

export const thresholdsSchema = z
  .object({
    MinHuntScore: z.number().min(0).max(100).meta({ description: 'Stored and exposed; read by no gating rule. Default 97.0' }),
    RankingThreshold: z.number().min(0).max(10).meta({ description: 'The run continues when the rank score >= this. Default 6.0' }),
    SimilarityThreshold: z.number().min(0).max(1).meta({ description: 'Rules at or above this similarity are dropped. Default 0.5' }),
    JunkFilterThreshold: z.number().min(0).max(1).meta({ description: 'Junk-filter confidence cut-off. Default 0.8' }),
  })
  .strict()
  .meta({ id: 'WorkflowThresholds' });

export const agentSettingsSchema = z
  .object({
    provider: providerIdSchema,
    model: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .nullable()
      .meta({ description: 'Null for builtin, and for extractors that fall back to ExtractAgent' }),
    temperature: z.number().min(0).max(2).nullable(),
    top_p: z.number().min(0).max(1).nullable(),
    effort: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .nullable()
      .meta({ description: 'Reasoning effort ({Agent}_effort); must be one of the model’s effort_levels' }),
    enabled: z.boolean(),
  })
  .strict()
  .meta({ id: 'AgentSettings' });

export type Thresholds = z.infer<typeof thresholdsSchema>;
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

/** What a config version stores: thresholds and per-agent settings (never the auto-trigger threshold). */
export const workflowSettingsSchema = z.object({
  thresholds: thresholdsSchema,
  agents: z.record(z.enum(CONFIG_AGENT_NAMES), agentSettingsSchema),
});
export type WorkflowSettings = { thresholds: Thresholds; agents: Record<ConfigAgentName, AgentSettings> };

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  provider: 'builtin',
  model: null,
  temperature: 0,
  top_p: null,
  effort: null,
  enabled: true,
};

export function defaultWorkflowSettings(): WorkflowSettings {
  const agents = Object.fromEntries(CONFIG_AGENT_NAMES.map((name) => [name, { ...DEFAULT_AGENT_SETTINGS }])) as Record<
    ConfigAgentName,
    AgentSettings
  >;
  return { thresholds: { ...THRESHOLD_DEFAULTS }, agents };
}

/** The flat per-agent view: `{Agent}` (model), `{Agent}_provider`, `_temperature`, `_top_p`, `_effort`, `_enabled`. */
export const agentModelsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).meta({
  id: 'AgentModels',
  description: 'Flat per-agent settings, e.g. {"RankAgent": "gpt-4.1-mini", "RankAgent_provider": "openai", "RankAgent_effort": null}',
});

export const workflowConfigResponseSchema = z
  .object({
    version: z.number().int(),
    is_active: z.boolean(),
    description: z.string().nullable(),
    thresholds: thresholdsSchema,
    agents: z.record(z.string(), agentSettingsSchema),
    agent_models: agentModelsSchema,
    auto_trigger_hunt_score_threshold: z.number(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'WorkflowConfig' });

/** Fields GET returns that PUT ignores, so a client may send back what it read. */
const readOnlyEcho = {
  version: z.unknown().optional(),
  is_active: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
  auto_trigger_hunt_score_threshold: z
    .unknown()
    .optional()
    .meta({ description: 'Ignored: change it with PATCH /api/workflow/config/auto-trigger-threshold' }),
};

export const updateWorkflowConfigRequestSchema = z
  .object({
    thresholds: thresholdsSchema.partial().optional(),
    agents: z
      .record(z.string(), agentSettingsSchema.partial())
      .optional()
      .meta({ description: 'Per-agent changes keyed by agent name; omitted agents and fields keep their values' }),
    agent_models: agentModelsSchema.optional().meta({ description: 'The same changes in the flat layout' }),
    agent_prompts: z
      .record(z.string(), promptInputSchema)
      .optional()
      .meta({ description: 'Prompts saved with this config version, keyed by prompt-bearing agent name' }),
    description: z.string().max(500).optional(),
    allow_prompt_warnings: z.boolean().optional().meta({ description: 'Save even when an enabled extractor has no prompt (rule 1)' }),
    ...readOnlyEcho,
  })
  .strict()
  .meta({ id: 'UpdateWorkflowConfigRequest' });

export const configWarningSchema = z.object({ code: z.string(), agent: z.string(), message: z.string() });

export const updateWorkflowConfigResponseSchema = workflowConfigResponseSchema
  .extend({
    created: z.boolean().meta({ description: 'False when the request matched the active config: no version was created' }),
    warnings: z.array(configWarningSchema),
  })
  .meta({ id: 'UpdateWorkflowConfigResult' });

export const autoTriggerThresholdRequestSchema = z
  .object({ auto_trigger_hunt_score_threshold: z.number().min(0).max(100) })
  .strict()
  .meta({ id: 'AutoTriggerThresholdRequest' });

export const autoTriggerThresholdResponseSchema = z
  .object({ version: z.number().int(), auto_trigger_hunt_score_threshold: z.number() })
  .meta({ id: 'AutoTriggerThreshold' });

export const configVersionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  version: z.coerce.number().int().positive().optional(),
});

export const configVersionSummarySchema = z
  .object({
    version: z.number().int(),
    is_active: z.boolean(),
    description: z.string().nullable(),
    thresholds: thresholdsSchema,
    agents: z.record(z.string(), agentSettingsSchema),
    auto_trigger_hunt_score_threshold: z.number(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'WorkflowConfigVersion' });

export const configVersionsResponseSchema = z
  .object({
    versions: z.array(configVersionSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    total_pages: z.number().int(),
  })
  .meta({ id: 'WorkflowConfigVersions' });

export type WorkflowConfigResponse = z.infer<typeof workflowConfigResponseSchema>;
export type UpdateWorkflowConfigRequest = z.infer<typeof updateWorkflowConfigRequestSchema>;
export type UpdateWorkflowConfigResponse = z.infer<typeof updateWorkflowConfigResponseSchema>;
export type ConfigWarning = z.infer<typeof configWarningSchema>;
export type AutoTriggerThresholdRequest = z.infer<typeof autoTriggerThresholdRequestSchema>;
export type ConfigVersionsQuery = z.infer<typeof configVersionsQuerySchema>;
export type ConfigVersionSummary = z.infer<typeof configVersionSummarySchema>;
export type ConfigVersionsResponse = z.infer<typeof configVersionsResponseSchema>;
