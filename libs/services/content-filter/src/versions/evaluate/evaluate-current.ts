import type { ContentFilterPorts } from '../../ports';
import type { JsonObject } from '../../records';
import { evaluateClassifier } from '../../retrain/evaluate-model';
import { requireEvalSet, type EvalSetDeps } from '../eval-set';

export interface EvaluateCurrentDeps extends EvalSetDeps {
  model: Pick<ContentFilterPorts['model'], 'use'>;
  versions: Pick<ContentFilterPorts['versions'], 'findByVersion' | 'saveEvaluation'>;
}

/** POST /api/model/evaluate: the current model on the curated eval set; metrics saved on the version. */
export async function evaluateCurrent(deps: EvaluateCurrentDeps) {
  const evalSet = await requireEvalSet(deps);
  const { version, metrics } = await deps.model.use(async ({ version, classifier }) => ({
    version,
    metrics: await evaluateClassifier(classifier, evalSet),
  }));
  const evaluatedAt = new Date();
  const row = await deps.versions.findByVersion(version);
  const previous = (row?.metrics ?? {}) as Record<string, unknown>;
  await deps.versions.saveEvaluation(version, { ...previous, ...metrics } as unknown as JsonObject, evalSet.length, evaluatedAt);
  return {
    success: true as const,
    model_version: version,
    eval_set_size: evalSet.length,
    metrics,
    evaluated_at: evaluatedAt.toISOString(),
  };
}
