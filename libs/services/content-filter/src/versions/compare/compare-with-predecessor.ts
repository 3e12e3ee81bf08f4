import { CONTENT_FILTER_ERROR_CODES, type ModelComparison } from '@huntforge/contracts/content-filter';
import { JunkClassifier, type BinaryMetrics, type LabelledText } from '@huntforge/ml';
import { HttpError } from '@huntforge/platform';
import type { ContentFilterPorts } from '../../ports';
import type { JsonObject, ModelVersionRecord } from '../../records';
import { evaluateClassifier } from '../../retrain/evaluate-model';
import { requireEvalSet, type EvalSetDeps } from '../eval-set';
import { round4 } from '../round4';

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

export interface CompareVersionsDeps extends EvalSetDeps, VersionArtifactDeps {
  versions: Pick<ContentFilterPorts['versions'], 'findByVersion' | 'findPredecessor' | 'saveComparison'>;
}

export interface CompareVersionsCommand {
  version: number;
}

/** GET /api/model/compare/{version}: metrics and confusion matrices against the predecessor, computed once and cached. */
export async function compareWithPredecessor(deps: CompareVersionsDeps, command: CompareVersionsCommand): Promise<ModelComparison> {
  const { version } = command;
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
    deltas: Object.fromEntries(DELTA_KEYS.map((key) => [key, round4(current[key] - before[key])])),
    confusion_matrix: { current: current.confusion_matrix, previous: before.confusion_matrix },
    computed_at: new Date().toISOString(),
  };
  await deps.versions.saveComparison(version, comparison as unknown as JsonObject);
  return comparison;
}
