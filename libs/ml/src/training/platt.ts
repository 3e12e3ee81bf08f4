import { sigmoid } from './logistic-regression';

export interface PlattScaling {
  a: number;
  b: number;
}

export const IDENTITY_SCALING: PlattScaling = { a: 1, b: 0 };

/**
 * Platt scaling: fits p = sigmoid(a·z + b) to held-out decision values by Newton's method on the log
 * loss, with Platt's smoothed targets so a perfectly separated fold does not push a to infinity.
 */
export function fitPlattScaling(scores: readonly number[], labels: readonly (0 | 1)[]): PlattScaling {
  const positives = labels.reduce<number>((n, y) => n + y, 0);
  const negatives = labels.length - positives;
  if (positives === 0 || negatives === 0) return IDENTITY_SCALING;
  const high = (positives + 1) / (positives + 2);
  const low = 1 / (negatives + 2);
  const targets = labels.map((y) => (y === 1 ? high : low));

  let a = 1;
  let b = 0;
  for (let iteration = 0; iteration < 100; iteration++) {
    let ga = 0,
      gb = 0,
      haa = 1e-9,
      hab = 0,
      hbb = 1e-9;
    for (let i = 0; i < scores.length; i++) {
      const p = sigmoid(a * scores[i] + b);
      const d = p - targets[i];
      const w = p * (1 - p);
      ga += d * scores[i];
      gb += d;
      haa += w * scores[i] * scores[i];
      hab += w * scores[i];
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-12) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) < 1e-9 && Math.abs(db) < 1e-9) break;
  }
  // A non-positive slope would invert the ranking; fall back to no scaling rather than ship that.
  return Number.isFinite(a) && Number.isFinite(b) && a > 0 ? { a, b } : IDENTITY_SCALING;
}
