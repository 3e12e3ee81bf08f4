import type { ContentFilterPorts } from '../../ports';
import { retrainStatusView } from '../../views';
import { feedbackCount, type FeedbackCountDeps } from '../feedback-count/feedback-count';

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
