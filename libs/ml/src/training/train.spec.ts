import { binaryMetrics } from '../evaluation/metrics';
import { encodeJunkModel } from '../onnx/junk-model-onnx';
import { loadFixtureSet } from '../test-support/fixture-corpus';
import { featurizeAll, labelToTarget, probabilityOf, trainJunkModel } from './train';

describe('trainJunkModel', () => {
  const seed = loadFixtureSet('seed');
  const evalSet = loadFixtureSet('eval');
  const examples = featurizeAll(seed);

  it('uses at least 400 seed chunks and 150 eval chunks of 200+ characters', () => {
    expect(seed.length).toBeGreaterThanOrEqual(400);
    expect(evalSet.length).toBeGreaterThanOrEqual(150);
    expect(new Set(seed.map((s) => s.label))).toEqual(new Set(['Huntable', 'Not Huntable']));
  });

  it('is deterministic for a seed and differs across seeds', () => {
    const a = encodeJunkModel(trainJunkModel(examples, { seed: 7 }));
    const b = encodeJunkModel(trainJunkModel(examples, { seed: 7 }));
    const c = encodeJunkModel(trainJunkModel(examples, { seed: 8 }));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it('separates the curated eval set it never saw, with calibrated probabilities', () => {
    const model = trainJunkModel(examples, { seed: 42 });
    expect(model.calibration.a).toBeGreaterThan(0);
    const evalExamples = featurizeAll(evalSet);
    const probabilities = evalExamples.map((example) => probabilityOf(model, example.vector));
    const metrics = binaryMetrics(
      evalSet.map((item) => labelToTarget(item.label)),
      probabilities,
    );
    expect(metrics.recall_huntable).toBeGreaterThanOrEqual(0.85);
    expect(metrics.precision_huntable).toBeGreaterThanOrEqual(0.85);
    expect(metrics.brier_score).toBeLessThan(0.1);
  });

  it('learns from labels: swapping them flips the predictions', () => {
    const flipped = examples.map((example) => ({ ...example, label: (1 - example.label) as 0 | 1 }));
    const model = trainJunkModel(flipped, { seed: 42, calibrationFolds: 0 });
    const huntable = examples.filter((example) => example.label === 1);
    expect(huntable.length).toBeGreaterThan(0);
    expect(huntable.every((example) => probabilityOf(model, example.vector) < 0.5)).toBe(true);
  });

  it('refuses to train on nothing', () => {
    expect(() => trainJunkModel([])).toThrow('zero examples');
  });
});
