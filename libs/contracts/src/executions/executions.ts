import { z } from 'zod';
import { executionCoverageSchema } from './corpus-coverage';
import { executionRuleRecordSchema } from './execution-rules';
import { extractionResultSchema } from '../extraction/result';
import { pageQuerySchema } from '../http/pagination';

/** Spec Limits: executions list page default 1; limit default 50, max 200. */
export const EXECUTION_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 } as const;

export const EXECUTION_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export const executionStatusSchema = z.enum(EXECUTION_STATUSES);
export type ExecutionStatusValue = z.infer<typeof executionStatusSchema>;

/** Why a run ended before producing rules; early exits end as `completed` with the reason recorded. */
export const TERMINATION_REASONS = {
  noHuntableContent: 'no_huntable_content',
  rankBelowThreshold: 'rank_below_threshold',
  noObservables: 'no_observables',
  cancelled: 'cancelled',
  stale: 'stale',
  stuckPending: 'stuck_pending',
  error: 'error',
} as const;

/** The pipeline's stages in the spec's order (also the list's `step` filter values). */
export const PIPELINE_STAGES = [
  'source_sigma_import',
  'platform_detection',
  'junk_filter',
  'ranking',
  'extraction',
  'aggregation',
  'sigma_generation',
  'similarity',
] as const;
export const pipelineStageSchema = z.enum(PIPELINE_STAGES);
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

export const EXECUTION_SORT_FIELDS = ['created_at', 'updated_at', 'started_at', 'finished_at', 'status', 'article_id', 'id'] as const;

const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const listExecutionsQuerySchema = pageQuerySchema(EXECUTION_LIST_LIMITS).extend({
  status: executionStatusSchema.optional(),
  step: pipelineStageSchema.optional().meta({ description: 'Stage currently running (running rows) or last reached' }),
  article_id: z.coerce.number().int().positive().optional(),
  is_eval_run: booleanFlag.optional().meta({
    description: 'false: leave evaluation runs out (everyday views); true: only them; omitted: all. Also applies to the per-status counts',
  }),
  sort_by: z.enum(EXECUTION_SORT_FIELDS).default('created_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListExecutionsQuery = z.infer<typeof listExecutionsQuerySchema>;

export const executionIdParamsSchema = z.object({ execution_id: z.coerce.number().int().positive() });

export const retryRequestSchema = z
  .object({
    use_current_config: z.boolean().optional().meta({
      description:
        "Run with the active configuration instead of the failed run's snapshot (default false: the same snapshot, to reproduce)",
    }),
  })
  .strict()
  .meta({ id: 'RetryRequest' });
export const executionArticleParamsSchema = z.object({ article_id: z.coerce.number().int().positive() });

export const triggerQuerySchema = z.object({
  force: booleanFlag.default(false).meta({ description: 'true skips the auto-trigger threshold check (manual runs)' }),
});

export const stageRecordSchema = z
  .object({
    stage: z.string(),
    status: z.enum(['running', 'completed', 'failed', 'skipped', 'cancelled']),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
    summary: z.unknown().nullable(),
    error: z.string().nullable(),
    log_lines: z.array(z.string()),
    usage: z.array(z.unknown()),
    /**
     * The provider request timeout that ends this stage's model call (with the elapsed time, how long a
     * running call may still take); null when the stage calls no model or its agents run builtin.
     */
    timeout_ms: z.number().int().positive().nullable().optional(),
  })
  .meta({ id: 'ExecutionStage' });

export const executionSummarySchema = z
  .object({
    id: z.number().int(),
    execution_id: z.number().int(),
    article_id: z.number().int(),
    article_title: z.string().nullable(),
    status: executionStatusSchema,
    current_step: z.string().nullable(),
    config_version: z.number().int().nullable(),
    is_eval_run: z.boolean(),
    triggered_by: z.string(),
    retry_of_id: z.number().int().nullable(),
    rank_score: z.number().nullable(),
    termination_reason: z.string().nullable(),
    error: z.string().nullable(),
    extraction_counts: z.record(z.string(), z.number()).nullable(),
    sigma_rule_count: z.number().int(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    heartbeat_at: z.string().nullable(),
  })
  .meta({ id: 'ExecutionSummary' });

export const executionDetailSchema = executionSummarySchema
  .extend({
    config_snapshot: z.unknown(),
    platform_detection: z.unknown().nullable(),
    junk_filter_summary: z.unknown().nullable(),
    rank_reasoning: z.string().nullable(),
    extraction_result: extractionResultSchema.nullable(),
    sigma_rules: z
      .array(executionRuleRecordSchema)
      .meta({ description: 'The rules of the run: publisher rules found in the article, then generated ones' }),
    coverage: executionCoverageSchema.nullable().meta({
      description: 'Which reference rules already fire on the observables (null before extraction, or when the run ended earlier)',
    }),
    eval_run: z.boolean().optional().meta({ description: 'Present (true) on evaluation rows' }),
    stages: z.array(stageRecordSchema),
  })
  .meta({ id: 'ExecutionDetail' });

export const listExecutionsResponseSchema = z
  .object({
    executions: z.array(executionSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    total_pages: z.number().int(),
    limit: z.number().int(),
    running: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
  })
  .meta({ id: 'ExecutionList' });

export const triggerResponseSchema = z
  .object({
    success: z.boolean(),
    execution_id: z.number().int().nullable(),
    status: executionStatusSchema.nullable(),
    message: z.string(),
    replaced_stuck_execution_id: z.number().int().optional(),
  })
  .meta({ id: 'TriggerResponse' });

export const activeExecutionErrorSchema = z
  .object({
    error: z.object({
      code: z.literal('active_execution'),
      message: z.string(),
      details: z.object({ active_execution_id: z.number().int(), status: executionStatusSchema }),
    }),
    execution_id: z.null(),
  })
  .meta({ id: 'ActiveExecutionError' });

export const executionActionResponseSchema = z
  .object({
    success: z.boolean(),
    execution_id: z.number().int(),
    status: executionStatusSchema,
    message: z.string(),
  })
  .meta({ id: 'ExecutionActionResponse' });

export const retryResponseSchema = executionActionResponseSchema
  .extend({
    retry_of_id: z.number().int(),
    config_version: z.number().int().nullable().meta({ description: 'The configuration version the retry runs with' }),
  })
  .meta({ id: 'RetryResponse' });

export const cleanupStaleResponseSchema = z
  .object({ count: z.number().int(), execution_ids: z.array(z.number().int()), stale_after_seconds: z.number() })
  .meta({ id: 'CleanupStaleResponse' });

export const triggerStuckResponseSchema = z
  .object({
    count: z.number().int().meta({ description: 'Stuck pending rows found' }),
    successful: z.number().int().meta({ description: 'Tasks queued (not runs performed)' }),
    failed: z.number().int().meta({ description: 'Rows whose task could not be queued' }),
    skipped: z
      .array(z.object({ execution_id: z.number().int(), reason: z.string(), pending_seconds: z.number() }))
      .meta({ description: 'Pending rows still inside their window' }),
    queued_execution_ids: z.array(z.number().int()),
  })
  .meta({ id: 'TriggerStuckResponse' });

export const EXECUTION_ERROR_CODES = {
  activeExecution: 'active_execution',
  huntScoreBelowThreshold: 'hunt_score_below_threshold',
  invalidTransition: 'invalid_transition',
  articleNotFound: 'article_not_found',
  executionNotFound: 'execution_not_found',
} as const;

export type ExecutionSummary = z.infer<typeof executionSummarySchema>;
export type ExecutionDetail = z.infer<typeof executionDetailSchema>;
export type StageRecord = z.infer<typeof stageRecordSchema>;
export type ExecutionIdParams = z.infer<typeof executionIdParamsSchema>;
export type ExecutionArticleParams = z.infer<typeof executionArticleParamsSchema>;
export type TriggerQuery = z.infer<typeof triggerQuerySchema>;
export type RetryRequest = z.infer<typeof retryRequestSchema>;
export type ListExecutionsResponse = z.infer<typeof listExecutionsResponseSchema>;
export type TriggerResponse = z.infer<typeof triggerResponseSchema>;
export type ExecutionActionResponse = z.infer<typeof executionActionResponseSchema>;
export type RetryResponse = z.infer<typeof retryResponseSchema>;
export type CleanupStaleResponse = z.infer<typeof cleanupStaleResponseSchema>;
export type TriggerStuckResponse = z.infer<typeof triggerStuckResponseSchema>;
