import { z } from 'zod';
import type { ExtractionAgent } from '../extraction/observable';

/**
 * The evaluated subagents and the agent each one measures (spec: Evaluation): the seven extractors, and
 * `sigma`, the Sigma generator scored against expected rules by atoms.
 */
export const EVAL_SUBAGENT_AGENTS = {
  cmdline: 'CmdlineExtract',
  process_lineage: 'ProcTreeExtract',
  hunt_queries: 'HuntQueriesExtract',
  registry_artifacts: 'RegistryExtract',
  windows_services: 'ServicesExtract',
  scheduled_tasks: 'ScheduledTasksExtract',
  network_indicators: 'NetworkIndicatorExtract',
  sigma: 'SigmaAgent',
} as const satisfies Record<string, ExtractionAgent | 'SigmaAgent'>;

export const EVAL_SUBAGENTS = Object.keys(EVAL_SUBAGENT_AGENTS) as Array<keyof typeof EVAL_SUBAGENT_AGENTS>;
export type EvalSubagent = keyof typeof EVAL_SUBAGENT_AGENTS;
export type ExtractorSubagent = Exclude<EvalSubagent, 'sigma'>;

export function isExtractorSubagent(subagent: EvalSubagent): subagent is ExtractorSubagent {
  return subagent !== 'sigma';
}

/** Extraction agent names are accepted wherever a subagent is named (CmdlineExtract = cmdline). */
const subagentByAgent = new Map<string, EvalSubagent>(
  (Object.entries(EVAL_SUBAGENT_AGENTS) as Array<[EvalSubagent, string]>).map(([subagent, agent]) => [agent.toLowerCase(), subagent]),
);
export function toEvalSubagent(name: string): EvalSubagent | null {
  const key = name.trim().toLowerCase();
  if (key in EVAL_SUBAGENT_AGENTS) return key as EvalSubagent;
  return subagentByAgent.get(key) ?? null;
}

const subagentNames = [...EVAL_SUBAGENTS, ...Object.values(EVAL_SUBAGENT_AGENTS)] as [string, ...string[]];
export const evalSubagentSchema = z
  .string()
  .refine((value) => toEvalSubagent(value) !== null, { message: `must be one of ${subagentNames.join(', ')}` })
  .transform((value) => toEvalSubagent(value) as EvalSubagent)
  .meta({ description: `Subagent: ${EVAL_SUBAGENTS.join(', ')} (or its extractor's name, e.g. CmdlineExtract)`, example: 'cmdline' });

export const EVAL_RECORD_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export const evalRecordStatusSchema = z.enum(EVAL_RECORD_STATUSES);

/** Count accuracy per the spec: equal is pass, within 2 is partial, further off is fail. */
export const COUNT_VERDICTS = ['pass', 'partial', 'fail'] as const;
export const countVerdictSchema = z.enum(COUNT_VERDICTS);

export const EVAL_ERROR_CODES = {
  fixtureMissing: 'eval_fixture_missing',
  runTooLarge: 'eval_run_too_large',
  articleNotSeeded: 'eval_article_not_seeded',
  recordNotFound: 'eval_record_not_found',
  configNotFound: 'config_version_not_found',
} as const;

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const subagentQuerySchema = z.object({ subagent: evalSubagentSchema });
export type SubagentQuery = z.infer<typeof subagentQuerySchema>;

export const evalArticleSchema = z
  .object({
    url: z.string(),
    title: z.string(),
    fixture: z.string().meta({ description: 'Committed snapshot (fixtures/eval/<fixture>.md) with its ground truth' }),
    article_id: z.number().int().nullable().meta({ description: 'The seeded article under the eval source; null until seeded' }),
    expected_count: z.number().int().meta({
      description: 'Derived from the ground-truth items (required ones), so it cannot drift; for the Sigma generator, the expected rules',
    }),
    expected_items: z.array(z.string()),
    optional_items: z.array(z.string()).meta({ description: 'Borderline items: neither rewarded nor penalised' }),
  })
  .meta({ id: 'EvalArticle' });

export const evalArticlesResponseSchema = z.object({
  subagent: z.string(),
  agent: z.string(),
  articles: z.array(evalArticleSchema),
  total: z.number().int(),
});
export type EvalArticlesResponse = z.infer<typeof evalArticlesResponseSchema>;

export const runSubagentEvalRequestSchema = z
  .object({
    subagent_name: evalSubagentSchema,
    article_urls: z.array(z.string().min(1)).min(1).optional().meta({ description: 'Default: every eval article of the subagent' }),
    use_active_config: z
      .unknown()
      .optional()
      .meta({ description: 'Legacy field, ignored: evaluations always run against the active config' }),
  })
  .meta({ id: 'RunSubagentEvalRequest' });
export type RunSubagentEvalRequest = z.infer<typeof runSubagentEvalRequestSchema>;

const itemsSchema = z.array(z.string());

export const evalRecordSchema = z
  .object({
    id: z.number().int(),
    subagent: z.string(),
    article_id: z.number().int().nullable(),
    article_url: z.string().nullable(),
    article_title: z.string().nullable(),
    execution_id: z.number().int().nullable(),
    config_version: z.number().int().nullable(),
    provider: z.string().nullable(),
    model: z.string().nullable(),
    status: evalRecordStatusSchema,
    expected_count: z.number().int().nullable(),
    actual_count: z.number().int().nullable(),
    score: z.number().nullable().meta({ description: 'actual_count − expected_count (0 is exact; negative means items missed)' }),
    count_verdict: countVerdictSchema.nullable(),
    matched_count: z.number().int().nullable(),
    missed_count: z.number().int().nullable(),
    extra_count: z.number().int().nullable(),
    precision: z.number().nullable(),
    recall: z.number().nullable(),
    f1: z.number().nullable(),
    expected_items: itemsSchema.nullable(),
    optional_items: itemsSchema,
    actual_items: itemsSchema.nullable(),
    matched_items: itemsSchema,
    missed_items: itemsSchema,
    extra_items: itemsSchema,
    error: z.string().nullable(),
    telemetry_classes: z
      .object({ expected: z.array(z.string()), generated: z.array(z.string()), precision: z.number(), recall: z.number() })
      .nullable()
      .meta({ description: 'Sigma evaluation only: telemetry classes of the expected and generated rules' }),
    undecomposable: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Sigma evaluation only: generated rules whose detection could not be decomposed into atoms (not scored)' }),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'EvalRecord' });
export type EvalRecordView = z.infer<typeof evalRecordSchema>;

export const runSubagentEvalResponseSchema = z.object({
  subagent: z.string(),
  agent: z.string(),
  config_version: z.number().int().nullable(),
  provider: z.string(),
  model: z.string().nullable(),
  stagger_seconds: z.number(),
  total: z.number().int(),
  records: z.array(
    z.object({
      id: z.number().int(),
      article_url: z.string(),
      article_id: z.number().int(),
      execution_id: z.number().int(),
      status: z.string(),
    }),
  ),
});
export type RunSubagentEvalResponse = z.infer<typeof runSubagentEvalResponseSchema>;

export const evalResultsQuerySchema = z.object({
  subagent: evalSubagentSchema.optional(),
  config_version: z.coerce.number().int().optional(),
  model: z.string().optional(),
  status: z
    .enum([...EVAL_RECORD_STATUSES, 'all'])
    .default('completed')
    .meta({ description: 'Default completed; `all` lists every record' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type EvalResultsQuery = z.infer<typeof evalResultsQuerySchema>;
export const evalResultsResponseSchema = z.object({ results: z.array(evalRecordSchema), total: z.number().int() });
export type EvalResultsResponse = z.infer<typeof evalResultsResponseSchema>;

export const evalRecordParamsSchema = z.object({ eval_record_id: z.coerce.number().int().positive() });
export type EvalRecordParams = z.infer<typeof evalRecordParamsSchema>;

export const optionalSubagentQuerySchema = z.object({ subagent: evalSubagentSchema.optional() });
export type OptionalSubagentQuery = z.infer<typeof optionalSubagentQuerySchema>;
export const clearPendingResponseSchema = z.object({ cleared: z.number().int(), record_ids: z.array(z.number().int()) });
export type ClearPendingResponse = z.infer<typeof clearPendingResponseSchema>;

export const backfillResponseSchema = z.object({
  examined: z.number().int(),
  scored: z.number().int(),
  failed: z.number().int(),
  still_pending: z.number().int(),
  record_ids: z.array(z.number().int()).meta({ description: 'Records completed or failed by this call' }),
});
export type BackfillResponse = z.infer<typeof backfillResponseSchema>;

export const rescoreQuerySchema = z.object({
  subagent: z
    .string()
    .default('all')
    .refine((value) => value === 'all' || toEvalSubagent(value) !== null, { message: `must be all or one of ${EVAL_SUBAGENTS.join(', ')}` })
    .meta({ description: 'A subagent or all' }),
  apply: booleanQuery.default(false).meta({ description: 'false (default) is a dry run; true persists the scores' }),
});
export type RescoreQuery = z.infer<typeof rescoreQuerySchema>;
const rescoreAgentSchema = z.object({
  candidates: z.number().int().meta({ description: 'Completed records without a score whose article has item-level ground truth' }),
  scorable: z.number().int().meta({ description: 'Candidates whose output was retained (record or execution)' }),
  unrepairable_no_output: z.number().int(),
  rescored: z.number().int().meta({ description: 'Persisted by this call (0 on a dry run)' }),
});
export const rescoreResponseSchema = z.object({ apply: z.boolean(), agents: z.record(z.string(), rescoreAgentSchema) });
export type RescoreResponse = z.infer<typeof rescoreResponseSchema>;

export const aggregateQuerySchema = z.object({ subagent: evalSubagentSchema, model: z.string().optional() });
export type AggregateQuery = z.infer<typeof aggregateQuerySchema>;
export const evalVersionAggregateSchema = z
  .object({
    config_version: z.number().int().nullable(),
    models: z.array(z.string()),
    records: z.number().int(),
    scored_articles: z.number().int(),
    mean_score: z.number().nullable(),
    raw_mae: z.number().nullable(),
    nmae: z.number().nullable().meta({ description: 'Σ|actual − expected| ÷ Σ expected over the scored articles' }),
    score_distribution: z.record(z.string(), z.number().int()).meta({ description: 'Articles per score (actual − expected)' }),
    count_accuracy: z.object({ pass: z.number().int(), partial: z.number().int(), fail: z.number().int() }),
    mean_precision: z.number().nullable(),
    mean_recall: z.number().nullable(),
    mean_f1: z.number().nullable(),
    last_run_at: z.string().nullable(),
  })
  .meta({ id: 'EvalVersionAggregate' });
export const aggregateResponseSchema = z.object({
  subagent: z.string(),
  eval_set_total: z.number().int().meta({ description: 'Canonical eval-article count of the subagent' }),
  versions: z.array(evalVersionAggregateSchema),
});
export type AggregateResponse = z.infer<typeof aggregateResponseSchema>;

export const evalModelsResponseSchema = z.object({
  subagent: z.string(),
  models: z.array(z.object({ model: z.string(), provider: z.string().nullable(), records: z.number().int() })),
});
export type EvalModelsResponse = z.infer<typeof evalModelsResponseSchema>;

export const configVersionsModelsResponseSchema = z.object({
  versions: z.array(
    z.object({
      config_version: z.number().int(),
      is_active: z.boolean(),
      created_at: z.string(),
      description: z.string().nullable(),
      agents: z.record(z.string(), z.object({ provider: z.string(), model: z.string().nullable() })),
    }),
  ),
});
export type ConfigVersionsModelsResponse = z.infer<typeof configVersionsModelsResponseSchema>;

export const compareQuerySchema = z.object({
  subagent: evalSubagentSchema,
  version_a: z.coerce.number().int(),
  version_b: z.coerce.number().int(),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;
const compareSideSchema = z
  .object({
    score: z.number().nullable(),
    precision: z.number().nullable(),
    recall: z.number().nullable(),
    f1: z.number().nullable(),
    record_id: z.number().int(),
  })
  .nullable();
export const compareResponseSchema = z.object({
  subagent: z.string(),
  agent: z.string(),
  version_a: evalVersionAggregateSchema,
  version_b: evalVersionAggregateSchema,
  articles: z.array(z.object({ article_url: z.string(), title: z.string().nullable(), a: compareSideSchema, b: compareSideSchema })),
  prompt: z
    .object({ a: z.string().nullable(), b: z.string().nullable(), changed: z.boolean() })
    .meta({ description: "The agent's prompt text in each version" }),
  model: z.object({ a: z.string().nullable(), b: z.string().nullable() }),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

export const legacyOsDetectionResponseSchema = z.object({
  results: z.array(
    z.object({
      article_id: z.number().int(),
      article_url: z.string(),
      title: z.string(),
      expected_os: z.string(),
      detected_os: z.string().nullable(),
      correct: z.boolean().nullable(),
    }),
  ),
  total: z.number().int(),
  detected: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number().nullable(),
});
export type LegacyOsDetectionResponse = z.infer<typeof legacyOsDetectionResponseSchema>;

export const legacyObservablesQuerySchema = z.object({
  subagent: evalSubagentSchema.optional(),
  config_version: z.coerce.number().int().optional(),
});
export type LegacyObservablesQuery = z.infer<typeof legacyObservablesQuerySchema>;
const metricTargetsSchema = z.object({
  json_validity_rate: z.number(),
  field_completeness_rate: z.number(),
  count_accuracy: z.number(),
  type_error_rate: z.number(),
});
export const savedEvalResultSchema = z
  .object({
    model_name: z.string(),
    timestamp: z.string(),
    metrics: z.object({
      total_articles: z.number().int(),
      valid_results: z.number().int(),
      errors: z.number().int(),
      error_rate: z.number(),
      json_validity_rate: z.number(),
      field_completeness_rate: z.number(),
      avg_discrete_count: z.number(),
      total_discrete: z.number().int(),
      count_accuracy: z.number(),
      avg_count_diff: z.number(),
    }),
    results: z.array(
      z.object({
        article_id: z.number().int().nullable(),
        title: z.string().nullable(),
        extraction_result: z.unknown(),
        evaluation: z.object({
          json_valid: z.boolean(),
          has_required_fields: z.boolean(),
          discrete_count: z.number().int(),
          count_match: countVerdictSchema.nullable(),
        }),
      }),
    ),
    targets: z
      .object({ baseline: metricTargetsSchema, improvement: metricTargetsSchema })
      .meta({ description: "The spec's baseline and improvement targets, to read the figures against" }),
  })
  .meta({ id: 'SavedEvalResult' });
export type SavedEvalResult = z.infer<typeof savedEvalResultSchema>;
