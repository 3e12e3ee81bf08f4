import {
  binaryMetrics,
  encodeJunkModel,
  featurizeAll,
  JunkClassifier,
  passesGate,
  probabilityOf,
  RETRAIN_QUALITY_GATE,
  trainJunkModel,
  type BinaryMetrics,
  type TrainingExample,
} from '@huntforge/ml';
import type { RetrainResult } from '@huntforge/contracts/content-filter';
import type { ContentFilterPorts } from '../ports';
import type { JsonObject } from '../records';
import type { RunStatus } from '../repositories/retrain-run-repository';
import { evaluateClassifier } from './evaluate-model';
import { gatherTrainingData, type TrainingData, type TrainingDataDeps } from './training-data';

export interface RetrainPipelineDeps extends Pick<ContentFilterPorts, 'logger'> {
  config: Pick<ContentFilterPorts['config'], 'trainSeed'>;
  runs: Pick<ContentFilterPorts['runs'], 'update'>;
  fixtures: TrainingDataDeps['fixtures'] & Pick<ContentFilterPorts['fixtures'], 'loadEvalSet'>;
  feedback: TrainingDataDeps['feedback'] & Pick<ContentFilterPorts['feedback'], 'markUsed'>;
  annotations: TrainingDataDeps['annotations'] & Pick<ContentFilterPorts['annotations'], 'markUsed'>;
  versions: Pick<ContentFilterPorts['versions'], 'nextVersionNumber' | 'createCurrent'>;
  store: Pick<ContentFilterPorts['store'], 'writeStaging' | 'readStaging' | 'discardStaging' | 'promoteStaging'>;
  model: Pick<ContentFilterPorts['model'], 'clear'>;
}

export interface RetrainPipelineCommand {
  /** The retrain run row the pipeline reports its progress and outcome on. */
  runId: number;
  /** First start: promote whatever the seed gives (there is no live model to protect). */
  bootstrap?: boolean;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)}s`;

function rejection(metrics: BinaryMetrics): string {
  const gate = RETRAIN_QUALITY_GATE;
  return (
    `RETRAIN REJECTED: recall_huntable ${metrics.recall_huntable.toFixed(4)} (needs >= ${gate.minRecallHuntable.toFixed(2)}) and ` +
    `f1_huntable ${metrics.f1_huntable.toFixed(4)} (needs >= ${gate.minF1Huntable.toFixed(2)}) on the curated eval set ` +
    `(${metrics.samples} chunks); the live model is unchanged`
  );
}

/** Deterministic 80/20 split of the training examples, for metrics when the curated eval set is missing. */
function trainingSplitMetrics(examples: TrainingExample[], seed: number): BinaryMetrics {
  const holdout = examples.filter((_, i) => i % 5 === 4);
  const rest = examples.filter((_, i) => i % 5 !== 4);
  const model = trainJunkModel(rest, { seed });
  return binaryMetrics(
    holdout.map((e) => e.label),
    holdout.map((e) => probabilityOf(model, e.vector)),
  );
}

/**
 * One retrain: load data → train to staging → evaluate on the curated eval set → gate → promote
 * (live path, two version copies, version row, staging removed) → only then flag feedback and
 * annotations used. A rejected or failed run discards staging and leaves the live model and data alone.
 */
export async function runRetrainPipeline(deps: RetrainPipelineDeps, command: RetrainPipelineCommand): Promise<RetrainResult> {
  const { runId } = command;
  const started = Date.now();
  const step = (status: RunStatus, progress: number, message: string) => deps.runs.update(runId, { status, progress, message });
  let data: TrainingData | undefined;
  const finish = async (status: 'complete' | 'error', result: RetrainResult) => {
    await deps.runs.update(runId, {
      status,
      progress: 1,
      message: result.message,
      newVersion: result.new_version,
      result: result as unknown as JsonObject,
      finishedAt: new Date(),
    });
    return result;
  };
  const failure = (message: string, extra: Partial<RetrainResult> = {}): RetrainResult => ({
    success: false,
    message,
    new_version: null,
    training_accuracy: null,
    training_samples: data?.examples.length ?? 0,
    feedback_samples: data?.feedbackSamples ?? 0,
    annotation_samples: data?.annotationSamples ?? 0,
    training_duration: seconds(Date.now() - started),
    eval_metrics: null,
    metrics_source: null,
    ...extra,
  });

  try {
    await step('loading', 0.1, 'Loading seed chunks, feedback and annotations');
    data = await gatherTrainingData(deps);
    const evalSet = await deps.fixtures.loadEvalSet();
    if (data.examples.length === 0)
      return await finish('error', failure('Retrain failed: no training data (seed fixtures missing and no feedback or annotations)'));
    const labels = new Set(data.examples.map((example) => example.label));
    if (labels.size < 2) return await finish('error', failure('Retrain failed: training data holds only one class'));

    await step('training', 0.3, `Training on ${data.examples.length} chunks`);
    const examples = featurizeAll(data.examples);
    const model = trainJunkModel(examples, { seed: deps.config.trainSeed });
    const version = await deps.versions.nextVersionNumber();
    await deps.store.writeStaging(encodeJunkModel(model, { version: String(version) }));
    const trainingDurationMs = Date.now() - started;

    await step(
      'evaluating',
      0.7,
      evalSet ? `Evaluating on the curated eval set (${evalSet.length} chunks)` : 'Curated eval set missing: gate skipped',
    );
    const staged = await JunkClassifier.load(await deps.store.readStaging());
    let trainingAccuracy: number;
    let metrics: BinaryMetrics;
    try {
      trainingAccuracy = binaryMetrics(
        examples.map((e) => e.label),
        await staged.probabilities(examples.map((e) => e.vector)),
      ).accuracy;
      metrics = evalSet ? await evaluateClassifier(staged, evalSet) : trainingSplitMetrics(examples, deps.config.trainSeed);
    } finally {
      await staged.release();
    }
    const metricsSource = evalSet ? 'holdout' : 'training_split';
    const common = { training_accuracy: trainingAccuracy, eval_metrics: metrics, metrics_source: metricsSource } as const;

    if (evalSet && !command.bootstrap && !passesGate(metrics)) {
      await deps.store.discardStaging();
      return await finish('error', failure(rejection(metrics), common));
    }

    const copies = await deps.store.promoteStaging(version);
    await deps.versions.createCurrent({
      version,
      featurizerVersion: model.featurizerVersion,
      metrics: { ...metrics, training_accuracy: trainingAccuracy } as unknown as JsonObject,
      metricsSource,
      evalSetSize: evalSet?.length ?? null,
      modelFilePath: copies.primary,
      secondaryModelFilePath: copies.secondary,
      trainingSamples: data.examples.length,
      feedbackSamples: data.feedbackSamples,
      annotationSamples: data.annotationSamples,
      trainingDurationMs,
      evaluatedAt: evalSet ? new Date() : null,
    });
    await deps.model.clear();
    await deps.feedback.markUsed(data.feedbackIds);
    await deps.annotations.markUsed(data.annotationIds);

    const skipped = evalSet ? '' : ' (curated eval set missing: gate skipped, training-split metrics recorded)';
    return await finish('complete', {
      success: true,
      message: `Model version ${version} trained and promoted${skipped}`,
      new_version: version,
      training_samples: data.examples.length,
      feedback_samples: data.feedbackSamples,
      annotation_samples: data.annotationSamples,
      training_duration: seconds(Date.now() - started),
      ...common,
    });
  } catch (error) {
    await deps.store.discardStaging().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    deps.logger.error({ runId, reason }, 'content-filter: retrain failed');
    return await finish('error', failure(`Retrain failed: ${reason}`));
  }
}
