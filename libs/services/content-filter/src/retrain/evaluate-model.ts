import { binaryMetrics, labelToTarget, type BinaryMetrics, type JunkClassifier, type LabelledText } from '@huntforge/ml';

/** Metrics of a classifier on a labelled set at the 0.5 decision boundary (the model's own label). */
export async function evaluateClassifier(classifier: JunkClassifier, set: readonly LabelledText[]): Promise<BinaryMetrics> {
  const probabilities = await classifier.probabilities(set.map((item) => classifier.featurize(item.text)));
  return binaryMetrics(
    set.map((item) => labelToTarget(item.label)),
    probabilities,
  );
}
