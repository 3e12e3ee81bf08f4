/** Confusion matrix with Huntable as the positive class. */
export interface ConfusionMatrix {
  true_positive: number;
  false_positive: number;
  true_negative: number;
  false_negative: number;
}

export interface BinaryMetrics {
  samples: number;
  accuracy: number;
  precision_huntable: number;
  recall_huntable: number;
  f1_huntable: number;
  precision_not_huntable: number;
  recall_not_huntable: number;
  f1_not_huntable: number;
  /** Mean squared error of the probabilities: a calibration check. */
  brier_score: number;
  confusion_matrix: ConfusionMatrix;
}

const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);
const f1 = (p: number, r: number): number => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Metrics of probabilities against labels (1 = Huntable) at a decision threshold. */
export function binaryMetrics(labels: readonly (0 | 1)[], probabilities: ArrayLike<number>, threshold = 0.5): BinaryMetrics {
  if (labels.length !== probabilities.length) throw new Error('labels and probabilities differ in length');
  const cm: ConfusionMatrix = { true_positive: 0, false_positive: 0, true_negative: 0, false_negative: 0 };
  let brier = 0;
  labels.forEach((label, i) => {
    const p = probabilities[i];
    brier += (p - label) ** 2;
    const predicted = p >= threshold ? 1 : 0;
    if (predicted === 1 && label === 1) cm.true_positive++;
    else if (predicted === 1) cm.false_positive++;
    else if (label === 0) cm.true_negative++;
    else cm.false_negative++;
  });
  const pH = ratio(cm.true_positive, cm.true_positive + cm.false_positive);
  const rH = ratio(cm.true_positive, cm.true_positive + cm.false_negative);
  const pN = ratio(cm.true_negative, cm.true_negative + cm.false_negative);
  const rN = ratio(cm.true_negative, cm.true_negative + cm.false_positive);
  return {
    samples: labels.length,
    accuracy: round4(ratio(cm.true_positive + cm.true_negative, labels.length)),
    precision_huntable: round4(pH),
    recall_huntable: round4(rH),
    f1_huntable: round4(f1(pH, rH)),
    precision_not_huntable: round4(pN),
    recall_not_huntable: round4(rN),
    f1_not_huntable: round4(f1(pN, rN)),
    brier_score: round4(labels.length === 0 ? 0 : brier / labels.length),
    confusion_matrix: cm,
  };
}

export interface QualityGate {
  minRecallHuntable: number;
  minF1Huntable: number;
}

/** The spec's retrain gate: recall_huntable >= 0.30 and f1_huntable >= 0.30 on the curated eval set. */
export const RETRAIN_QUALITY_GATE: QualityGate = { minRecallHuntable: 0.3, minF1Huntable: 0.3 };

export function passesGate(metrics: Pick<BinaryMetrics, 'recall_huntable' | 'f1_huntable'>, gate = RETRAIN_QUALITY_GATE): boolean {
  return metrics.recall_huntable >= gate.minRecallHuntable && metrics.f1_huntable >= gate.minF1Huntable;
}
