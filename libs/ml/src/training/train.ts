import { FEATURE_DIMENSION, FEATURIZER_VERSION, Featurizer, type SparseVector } from '../features/featurizer';
import { decisionValue, trainLogisticRegression, type LinearWeights, type TrainingExample } from './logistic-regression';
import { fitPlattScaling, IDENTITY_SCALING, type PlattScaling } from './platt';

export type ChunkLabel = 'Huntable' | 'Not Huntable';
export const HUNTABLE: ChunkLabel = 'Huntable';
export const NOT_HUNTABLE: ChunkLabel = 'Not Huntable';

export interface LabelledText {
  text: string;
  label: ChunkLabel;
}

export interface TrainOptions {
  seed?: number;
  epochs?: number;
  /** Out-of-fold folds for probability calibration (default 3; fewer than 2 disables it). */
  calibrationFolds?: number;
}

/** A calibrated linear model: probability(Huntable) = sigmoid(weights · x + bias). */
export interface JunkModel {
  featurizerVersion: number;
  dimension: number;
  weights: Float32Array;
  bias: number;
  /** Platt scaling already folded into weights and bias; kept for the record. */
  calibration: PlattScaling;
  seed: number;
}

export function labelToTarget(label: ChunkLabel): 0 | 1 {
  return label === HUNTABLE ? 1 : 0;
}

/** Featurizes labelled texts once, in order. */
export function featurizeAll(texts: readonly LabelledText[], featurizer = new Featurizer()): TrainingExample[] {
  return texts.map(({ text, label }) => ({ vector: featurizer.featurize(text), label: labelToTarget(label) }));
}

function foldOf(index: number, folds: number, seed: number): number {
  // A fixed hash of position and seed: the same example always lands in the same fold.
  return ((Math.imul(index + 1, 0x9e3779b1) ^ seed) >>> 0) % folds;
}

/**
 * Trains the junk classifier: logistic regression on all examples, with Platt scaling fitted on
 * out-of-fold decision values and folded into the weights, so the exported model emits calibrated
 * probabilities directly. Deterministic for a seed.
 */
export function trainJunkModel(examples: readonly TrainingExample[], options: TrainOptions = {}): JunkModel {
  if (examples.length === 0) throw new Error('cannot train on zero examples');
  const seed = options.seed ?? 42;
  const lr = { dimension: FEATURE_DIMENSION, seed, epochs: options.epochs };
  const folds = options.calibrationFolds ?? 3;

  let calibration = IDENTITY_SCALING;
  const positives = examples.filter((example) => example.label === 1).length;
  if (folds >= 2 && Math.min(positives, examples.length - positives) >= folds * 2) {
    const scores = new Array<number>(examples.length);
    for (let fold = 0; fold < folds; fold++) {
      const training = examples.filter((_, i) => foldOf(i, folds, seed) !== fold);
      const model = trainLogisticRegression(training, lr);
      examples.forEach((example, i) => {
        if (foldOf(i, folds, seed) === fold) scores[i] = decisionValue(model, example.vector);
      });
    }
    calibration = fitPlattScaling(
      scores,
      examples.map((example) => example.label),
    );
  }

  const raw: LinearWeights = trainLogisticRegression(examples, lr);
  const weights = new Float32Array(raw.weights.length);
  for (let j = 0; j < weights.length; j++) weights[j] = raw.weights[j] * calibration.a;
  return {
    featurizerVersion: FEATURIZER_VERSION,
    dimension: FEATURE_DIMENSION,
    weights,
    bias: raw.bias * calibration.a + calibration.b,
    calibration,
    seed,
  };
}

/** Probability of Huntable for one vector under a JunkModel (the TypeScript twin of the ONNX graph). */
export function probabilityOf(model: Pick<JunkModel, 'weights' | 'bias'>, vector: SparseVector): number {
  let z = model.bias;
  for (let k = 0; k < vector.indices.length; k++) z += model.weights[vector.indices[k]] * vector.values[k];
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}
