import { binaryMetrics, passesGate } from './metrics';

describe('binaryMetrics', () => {
  it('computes the confusion matrix and per-class precision, recall and F1', () => {
    const m = binaryMetrics([1, 1, 1, 0, 0, 0], [0.9, 0.6, 0.2, 0.7, 0.1, 0.3]);
    expect(m.confusion_matrix).toEqual({ true_positive: 2, false_positive: 1, true_negative: 2, false_negative: 1 });
    expect(m.accuracy).toBeCloseTo(4 / 6, 4);
    expect(m.precision_huntable).toBeCloseTo(2 / 3, 4);
    expect(m.recall_huntable).toBeCloseTo(2 / 3, 4);
    expect(m.f1_huntable).toBeCloseTo(2 / 3, 4);
    expect(m.recall_not_huntable).toBeCloseTo(2 / 3, 4);
  });

  it('applies the decision threshold', () => {
    expect(binaryMetrics([1, 0], [0.7, 0.2], 0.8).recall_huntable).toBe(0);
    expect(binaryMetrics([1, 0], [0.7, 0.2], 0.5).recall_huntable).toBe(1);
  });

  it('reports zeros instead of NaN when a class is absent', () => {
    const m = binaryMetrics([0, 0], [0.1, 0.2]);
    expect(m.precision_huntable).toBe(0);
    expect(m.f1_huntable).toBe(0);
    expect(m.accuracy).toBe(1);
  });
});

describe('passesGate', () => {
  it('needs recall and F1 for Huntable of at least 0.30', () => {
    expect(passesGate({ recall_huntable: 0.3, f1_huntable: 0.3 })).toBe(true);
    expect(passesGate({ recall_huntable: 0.29, f1_huntable: 0.9 })).toBe(false);
    expect(passesGate({ recall_huntable: 0.9, f1_huntable: 0.2999 })).toBe(false);
  });
});
