import { z } from 'zod';

export const RETRAIN_STATUSES = ['idle', 'starting', 'loading', 'training', 'evaluating', 'complete', 'error'] as const;
export const MODEL_VERSION_LIST_LIMITS = { defaultLimit: 10, maxLimit: 100 } as const;
/** Eval chunks shorter than this are dropped (the spec's length filter). */
export const EVAL_CHUNK_MIN_LENGTH = 200;

const int = z.number().int();
const count = int.nonnegative();

export const confusionMatrixSchema = z
  .object({ true_positive: count, false_positive: count, true_negative: count, false_negative: count })
  .meta({ id: 'ConfusionMatrix' });

/** Metrics of a model on a labelled set, Huntable as the positive class. */
export const modelMetricsSchema = z
  .object({
    samples: count,
    accuracy: z.number(),
    precision_huntable: z.number(),
    recall_huntable: z.number(),
    f1_huntable: z.number(),
    precision_not_huntable: z.number(),
    recall_not_huntable: z.number(),
    f1_not_huntable: z.number(),
    brier_score: z.number(),
    confusion_matrix: confusionMatrixSchema,
  })
  .meta({ id: 'ModelMetrics' });

export const retrainQuerySchema = z.object({
  wait: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .meta({ description: 'Answer with the outcome instead of 202' })
    .transform((value) => value === 'true' || value === '1'),
});

/** The spec's retrain response fields (answered by `?wait=true`, and stored as the run's result). */
export const retrainResultSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    new_version: int.positive().nullable(),
    training_accuracy: z.number().nullable(),
    training_samples: count,
    feedback_samples: count,
    annotation_samples: count,
    training_duration: z.string().meta({ description: 'e.g. "2.41s"' }),
    eval_metrics: modelMetricsSchema.nullable(),
    metrics_source: z.enum(['holdout', 'training_split']).nullable(),
  })
  .meta({ id: 'RetrainResult' });

export const retrainAcceptedSchema = z
  .object({ success: z.literal(true), message: z.string(), run_id: int.positive(), status_url: z.string() })
  .meta({ id: 'RetrainAccepted' });

export const retrainStatusSchema = z
  .object({
    status: z.enum(RETRAIN_STATUSES),
    progress: z.number().min(0).max(1),
    message: z.string().nullable(),
    run_id: int.positive().nullable(),
    new_version: int.positive().nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    result: retrainResultSchema.nullable(),
  })
  .meta({ id: 'RetrainStatus' });

export const modelVersionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(MODEL_VERSION_LIST_LIMITS.maxLimit).default(MODEL_VERSION_LIST_LIMITS.defaultLimit),
  version: z.coerce.number().int().positive().optional(),
});

export const modelVersionSchema = z
  .object({
    id: int.positive(),
    version: int.positive(),
    featurizer_version: int.positive(),
    is_current: z.boolean(),
    metrics: z.record(z.string(), z.unknown()),
    metrics_source: z.enum(['holdout', 'training_split']),
    eval_set_size: count.nullable(),
    model_file_path: z.string(),
    secondary_model_file_path: z.string().nullable(),
    training_samples: count,
    feedback_samples: count,
    annotation_samples: count,
    training_duration_ms: count.nullable(),
    created_at: z.string(),
    evaluated_at: z.string().nullable(),
  })
  .meta({ id: 'ModelVersion' });

export const modelVersionsResponseSchema = z
  .object({
    versions: z.array(modelVersionSchema),
    total: count,
    limit: int.positive(),
    page: int.positive().nullable(),
    total_pages: count.nullable(),
  })
  .meta({ id: 'ModelVersionList' });

export const modelVersionParamsSchema = z.object({ version_id: z.coerce.number().int().positive() });

export const evaluateResponseSchema = z
  .object({
    success: z.literal(true),
    model_version: int.positive(),
    eval_set_size: count,
    metrics: modelMetricsSchema,
    evaluated_at: z.string(),
  })
  .meta({ id: 'ModelEvaluation' });

export const evalChunkCountResponseSchema = z
  .object({ success: z.literal(true), count, huntable: count, not_huntable: count, min_length: count, available: z.boolean() })
  .meta({ id: 'EvalChunkCount' });

export const feedbackCountResponseSchema = z
  .object({ success: z.literal(true), count, feedback_count: count, annotation_count: count, message: z.string() })
  .meta({ id: 'FeedbackCount' });

export const rollbackResponseSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    version: int.positive(),
    artifact: z.enum(['primary', 'secondary']),
    rescoring_started: z.boolean(),
  })
  .meta({ id: 'ModelRollback' });

export const modelComparisonSchema = z
  .object({
    version: int.positive(),
    predecessor: int.positive(),
    eval_set_size: count,
    metrics: z.object({ current: modelMetricsSchema, previous: modelMetricsSchema }),
    deltas: z.record(z.string(), z.number()),
    confusion_matrix: z.object({ current: confusionMatrixSchema, previous: confusionMatrixSchema }),
    computed_at: z.string(),
  })
  .meta({ id: 'ModelComparison' });

export const feedbackComparisonItemSchema = z.object({
  feedback_id: int.positive(),
  article_id: int.positive(),
  chunk_id: count,
  expected_label: z.enum(['Huntable', 'Not Huntable']),
  before: z.object({ label: z.string(), confidence: z.number() }),
  after: z.object({ label: z.string(), confidence: z.number(), model_version: int.positive() }),
  /** Confidence in the expected label rose (before → after). */
  improved: z.boolean(),
});

export const feedbackComparisonResponseSchema = z
  .object({
    success: z.literal(true),
    model_version: int.positive(),
    items: z.array(feedbackComparisonItemSchema),
    summary: z.object({ total: count, improved: count, worsened: count, unchanged: count, now_correct: count }),
  })
  .meta({ id: 'FeedbackComparison' });

export const classificationTimelineResponseSchema = z
  .object({
    success: z.literal(true),
    timeline: z.array(
      z.object({
        version: int.positive(),
        created_at: z.string(),
        is_current: z.boolean(),
        total: count,
        huntable: count,
        not_huntable: count,
        kept: count,
        huntable_ratio: z.number(),
      }),
    ),
  })
  .meta({ id: 'ClassificationTimeline' });

export const modelPerformanceSummarySchema = z
  .object({
    success: z.literal(true),
    summary: z.object({
      current_version: int.positive().nullable(),
      total_model_versions: count,
      eval_set_size: count,
      metrics_source: z.enum(['holdout', 'training_split']).nullable(),
      accuracy: z.number().nullable(),
      precision_huntable: z.number().nullable(),
      recall_huntable: z.number().nullable(),
      f1_huntable: z.number().nullable(),
      feedback_count: count,
      annotation_count: count,
      last_retrain: retrainStatusSchema.nullable(),
    }),
  })
  .meta({ id: 'ModelPerformanceSummary' });

export type RetrainResult = z.infer<typeof retrainResultSchema>;
export type RetrainStatusView = z.infer<typeof retrainStatusSchema>;
export type RetrainStatusValue = (typeof RETRAIN_STATUSES)[number];
export type ModelVersionView = z.infer<typeof modelVersionSchema>;
export type ModelMetricsView = z.infer<typeof modelMetricsSchema>;
export type ModelComparison = z.infer<typeof modelComparisonSchema>;
