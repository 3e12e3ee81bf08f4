import { HUNTABLE, NOT_HUNTABLE, predictionOf } from '@huntforge/ml';
import type { ContentFilterPorts } from '../ports';
import { feedbackLabel } from '../retrain/training-data';
import { retrainStatusView } from '../views';

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
/** Most feedback rows the comparison scores in one request. */
const COMPARISON_LIMIT = 500;

export interface FeedbackCountDeps {
  feedback: Pick<ContentFilterPorts['feedback'], 'countUnused'>;
  annotations: Pick<ContentFilterPorts['annotations'], 'countUnused'>;
}

/** GET /api/model/feedback-count: the samples waiting for the next retrain. */
export async function feedbackCount(deps: FeedbackCountDeps) {
  const [feedback, annotations] = await Promise.all([deps.feedback.countUnused(), deps.annotations.countUnused()]);
  const count = feedback + annotations;
  return {
    success: true as const,
    count,
    feedback_count: feedback,
    annotation_count: annotations,
    message:
      count === 0
        ? 'No new feedback or annotations since the last retrain'
        : `${count} new samples (${feedback} feedback, ${annotations} annotations) are waiting for the next retrain`,
  };
}

/** Before (the model's answer when the user gave feedback) and after (the current model) for each chunk with feedback. */
export interface FeedbackComparisonDeps {
  feedback: Pick<ContentFilterPorts['feedback'], 'newestOverall'>;
  model: Pick<ContentFilterPorts['model'], 'use'>;
}

export async function feedbackComparison(deps: FeedbackComparisonDeps) {
  const { newest } = await deps.feedback.newestOverall();
  const rows = newest.slice(0, COMPARISON_LIMIT);
  const { version, probabilities } = await deps.model.use(async ({ version, classifier }) => ({
    version,
    probabilities: await classifier.probabilities(rows.map((row) => classifier.featurize(row.chunkText))),
  }));
  const summary = { total: rows.length, improved: 0, worsened: 0, unchanged: 0, now_correct: 0 };
  const items = rows.map((row, i) => {
    const expected = feedbackLabel(row);
    const beforeInExpected = row.modelClassification === expected ? row.modelConfidence : 1 - row.modelConfidence;
    const after = predictionOf(probabilities[i]);
    const afterInExpected = expected === HUNTABLE ? after.probability : 1 - after.probability;
    const delta = round4(afterInExpected - beforeInExpected);
    if (delta > 0) summary.improved++;
    else if (delta < 0) summary.worsened++;
    else summary.unchanged++;
    if (after.label === expected) summary.now_correct++;
    return {
      feedback_id: row.id,
      article_id: row.articleId,
      chunk_id: row.chunkId,
      expected_label: expected === HUNTABLE ? HUNTABLE : NOT_HUNTABLE,
      before: { label: row.modelClassification, confidence: round4(row.modelConfidence) },
      after: { label: after.label, confidence: round4(after.confidence), model_version: version },
      improved: delta > 0,
    };
  });
  return { success: true as const, model_version: version, items, summary };
}

/** Stored chunk analyses per model version: how the classification breakdown moved across versions. */
export interface ClassificationTimelineDeps {
  analyses: Pick<ContentFilterPorts['analyses'], 'timeline'>;
  versions: Pick<ContentFilterPorts['versions'], 'list'>;
}

export async function classificationTimeline(deps: ClassificationTimelineDeps) {
  const [rows, versions] = await Promise.all([deps.analyses.timeline(), deps.versions.list({ take: 1000 })]);
  const byVersion = new Map(rows.map((row) => [row.modelVersion, row]));
  const timeline = [...versions]
    .sort((a, b) => a.version - b.version)
    .map((version) => {
      const row = byVersion.get(version.version);
      const total = row?.total ?? 0;
      const huntable = row?.huntable ?? 0;
      return {
        version: version.version,
        created_at: version.createdAt.toISOString(),
        is_current: version.isCurrent,
        total,
        huntable,
        not_huntable: total - huntable,
        kept: row?.kept ?? 0,
        huntable_ratio: total === 0 ? 0 : round4(huntable / total),
      };
    });
  return { success: true as const, timeline };
}

const metricOf = (metrics: unknown, key: string): number | null => {
  const value = (metrics as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' ? value : null;
};

export interface PerformanceSummaryDeps extends FeedbackCountDeps {
  versions: Pick<ContentFilterPorts['versions'], 'findCurrent' | 'count'>;
  fixtures: Pick<ContentFilterPorts['fixtures'], 'loadEvalSet'>;
  runs: Pick<ContentFilterPorts['runs'], 'latest'>;
}

/** GET /api/ml-model-performance/summary: the current version's metrics, what waits for training, the last retrain. */
export async function performanceSummary(deps: PerformanceSummaryDeps) {
  const [current, total, evalSet, counts, lastRun] = await Promise.all([
    deps.versions.findCurrent(),
    deps.versions.count(),
    deps.fixtures.loadEvalSet(),
    feedbackCount(deps),
    deps.runs.latest(),
  ]);
  return {
    success: true as const,
    summary: {
      current_version: current?.version ?? null,
      total_model_versions: total,
      eval_set_size: evalSet?.length ?? 0,
      metrics_source: current ? (current.metricsSource === 'training_split' ? ('training_split' as const) : ('holdout' as const)) : null,
      accuracy: metricOf(current?.metrics, 'accuracy'),
      precision_huntable: metricOf(current?.metrics, 'precision_huntable'),
      recall_huntable: metricOf(current?.metrics, 'recall_huntable'),
      f1_huntable: metricOf(current?.metrics, 'f1_huntable'),
      feedback_count: counts.feedback_count,
      annotation_count: counts.annotation_count,
      last_retrain: lastRun ? retrainStatusView(lastRun) : null,
    },
  };
}
