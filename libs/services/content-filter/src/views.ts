import type { ChunkFeedbackView, ModelVersionView, RetrainResult, RetrainStatusView } from '@huntforge/contracts/content-filter';
import type { ChunkFeedbackRecord, ModelVersionRecord, RetrainRunRecord } from './records';

type Label = 'Huntable' | 'Not Huntable';
const asLabel = (value: string): Label => (value === 'Huntable' ? 'Huntable' : 'Not Huntable');

/** Timestamps without zone (spec): ISO text without the trailing Z. */
const withoutZone = (date: Date) => date.toISOString().replace(/Z$/, '');

export function feedbackView(row: ChunkFeedbackRecord): ChunkFeedbackView {
  return {
    id: row.id,
    article_id: row.articleId,
    chunk_id: row.chunkId,
    chunk_text: row.chunkText,
    model_classification: asLabel(row.modelClassification),
    model_confidence: row.modelConfidence,
    model_reason: row.modelReason,
    is_correct: row.isCorrect,
    user_classification: row.userClassification === null ? null : asLabel(row.userClassification),
    comment: row.comment,
    used_for_training: row.usedForTraining,
    created_at: withoutZone(row.createdAt),
    updated_at: withoutZone(row.updatedAt),
  };
}

export function modelVersionView(row: ModelVersionRecord): ModelVersionView {
  return {
    id: row.id,
    version: row.version,
    featurizer_version: row.featurizerVersion,
    is_current: row.isCurrent,
    metrics: (row.metrics ?? {}) as Record<string, unknown>,
    metrics_source: row.metricsSource === 'training_split' ? 'training_split' : 'holdout',
    eval_set_size: row.evalSetSize,
    model_file_path: row.modelFilePath,
    secondary_model_file_path: row.secondaryModelFilePath,
    training_samples: row.trainingSamples,
    feedback_samples: row.feedbackSamples,
    annotation_samples: row.annotationSamples,
    training_duration_ms: row.trainingDurationMs,
    created_at: row.createdAt.toISOString(),
    evaluated_at: row.evaluatedAt?.toISOString() ?? null,
  };
}

export function retrainStatusView(run: RetrainRunRecord | null): RetrainStatusView {
  if (!run) {
    return {
      status: 'idle',
      progress: 0,
      message: null,
      run_id: null,
      new_version: null,
      started_at: null,
      finished_at: null,
      result: null,
    };
  }
  return {
    status: run.status as RetrainStatusView['status'],
    progress: run.progress,
    message: run.message,
    run_id: run.id,
    new_version: run.newVersion,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    result: (run.result as RetrainResult | null) ?? null,
  };
}
