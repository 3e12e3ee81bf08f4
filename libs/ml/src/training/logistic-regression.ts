import type { SparseVector } from '../features/featurizer';
import { seededRandom, shuffled } from './rng';

export interface TrainingExample {
  vector: SparseVector;
  /** 1 = Huntable, 0 = Not Huntable. */
  label: 0 | 1;
}

export interface LogisticRegressionOptions {
  dimension: number;
  seed?: number;
  epochs?: number;
  /** AdaGrad base step. */
  learningRate?: number;
  /** L2 penalty per update on the touched weights. */
  l2?: number;
}

export interface LinearWeights {
  weights: Float64Array;
  bias: number;
}

export const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

export function decisionValue(model: LinearWeights, vector: SparseVector): number {
  let z = model.bias;
  const { indices, values } = vector;
  for (let k = 0; k < indices.length; k++) z += model.weights[indices[k]] * values[k];
  return z;
}

/**
 * Sparse logistic regression by per-example AdaGrad with class-balanced example weights (the seed
 * and feedback sets are not balanced) and an L2 penalty on the weights an example touches. Same
 * examples, options and seed give bit-identical weights.
 */
export function trainLogisticRegression(examples: readonly TrainingExample[], options: LogisticRegressionOptions): LinearWeights {
  const epochs = options.epochs ?? 12;
  const rate = options.learningRate ?? 0.5;
  const l2 = options.l2 ?? 1e-4;
  const weights = new Float64Array(options.dimension);
  const squaredGradients = new Float64Array(options.dimension);
  let bias = 0;
  let biasSquaredGradient = 0;

  const positives = examples.reduce((n, example) => n + example.label, 0);
  const negatives = examples.length - positives;
  const classWeight = [negatives > 0 ? examples.length / (2 * negatives) : 1, positives > 0 ? examples.length / (2 * positives) : 1];

  const random = seededRandom(options.seed ?? 42);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const i of shuffled(order, random)) {
      const { vector, label } = examples[i];
      const error = (sigmoid(decisionValue({ weights, bias }, vector)) - label) * classWeight[label];
      const { indices, values } = vector;
      for (let k = 0; k < indices.length; k++) {
        const j = indices[k];
        const gradient = error * values[k] + l2 * weights[j];
        squaredGradients[j] += gradient * gradient;
        weights[j] -= (rate * gradient) / (Math.sqrt(squaredGradients[j]) + 1e-8);
      }
      biasSquaredGradient += error * error;
      bias -= (rate * error) / (Math.sqrt(biasSquaredGradient) + 1e-8);
    }
  }
  return { weights, bias };
}
