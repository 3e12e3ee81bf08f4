import { CONTENT_FILTER_ERROR_CODES, EVAL_CHUNK_MIN_LENGTH, type ModelComparison } from '@huntforge/contracts/content-filter';
import { JunkClassifier, type BinaryMetrics, type LabelledText } from '@huntforge/ml';
import type { JsonObject, ModelVersionRecord } from '../records';
import { HttpError } from '@huntforge/platform';
import type { ContentFilterPorts } from '../ports';
import { evaluateClassifier } from '../retrain/evaluate-model';

type EvalSetDeps = { fixtures: Pick<ContentFilterPorts['fixtures'], 'loadEvalSet'> };

async function requireEvalSet(deps: EvalSetDeps): Promise<LabelledText[]> {
  const set = await deps.fixtures.loadEvalSet();
  if (!set)
    throw new HttpError(422, CONTENT_FILTER_ERROR_CODES.evalSetMissing, 'The curated eval set (fixtures/content-filter/eval) is missing');
  return set;
}

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

/** GET /api/model/eval-chunk-count: the curated eval set's size and balance. */
export async function evalChunkCount(deps: EvalSetDeps) {
  const set = (await deps.fixtures.loadEvalSet()) ?? [];
  const huntable = set.filter((item) => item.label === 'Huntable').length;
  return {
    success: true as const,
    count: set.length,
    huntable,
    not_huntable: set.length - huntable,
    min_length: EVAL_CHUNK_MIN_LENGTH,
    available: set.length > 0,
  };
}

type VersionArtifactDeps = { store: Pick<ContentFilterPorts['store'], 'findVersionArtifact'> };

async function metricsOfVersion(deps: VersionArtifactDeps, row: ModelVersionRecord, evalSet: LabelledText[]): Promise<BinaryMetrics> {
  const artifact = await deps.store.findVersionArtifact({
    version: row.version,
    primary: row.modelFilePath,
    secondary: row.secondaryModelFilePath,
  });
  if (!artifact)
    throw new HttpError(422, CONTENT_FILTER_ERROR_CODES.artifactMissing, `Model version ${row.version} has no artifact to evaluate`);
  const classifier = await JunkClassifier.load(artifact.bytes);
  try {
    return await evaluateClassifier(classifier, evalSet);
  } finally {
    await classifier.release();
  }
}

const DELTA_KEYS = [
  'accuracy',
  'precision_huntable',
  'recall_huntable',
  'f1_huntable',
  'precision_not_huntable',
  'recall_not_huntable',
  'f1_not_huntable',
  'brier_score',
] as const;

/** GET /api/model/compare/{version}: metrics and confusion matrices against the predecessor, computed once and cached. */
export interface CompareVersionsDeps extends EvalSetDeps, VersionArtifactDeps {
  versions: Pick<ContentFilterPorts['versions'], 'findByVersion' | 'findPredecessor' | 'saveComparison'>;
}

export async function compareWithPredecessor(deps: CompareVersionsDeps, { version }: { version: number }): Promise<ModelComparison> {
  const row = await deps.versions.findByVersion(version);
  if (!row) throw new HttpError(404, CONTENT_FILTER_ERROR_CODES.modelVersionNotFound, `Model version ${version} does not exist`);
  const cached = row.comparison as ModelComparison | null;
  if (cached) return cached;
  const previous = await deps.versions.findPredecessor(version);
  if (!previous)
    throw new HttpError(
      422,
      CONTENT_FILTER_ERROR_CODES.noPredecessor,
      `Model version ${version} is the first version; there is nothing to compare with`,
    );
  const evalSet = await requireEvalSet(deps);
  const current = await metricsOfVersion(deps, row, evalSet);
  const before = await metricsOfVersion(deps, previous, evalSet);
  const comparison: ModelComparison = {
    version,
    predecessor: previous.version,
    eval_set_size: evalSet.length,
    metrics: { current, previous: before },
    deltas: Object.fromEntries(DELTA_KEYS.map((key) => [key, Math.round((current[key] - before[key]) * 10_000) / 10_000])),
    confusion_matrix: { current: current.confusion_matrix, previous: before.confusion_matrix },
    computed_at: new Date().toISOString(),
  };
  await deps.versions.saveComparison(version, comparison as unknown as JsonObject);
  return comparison;
}
