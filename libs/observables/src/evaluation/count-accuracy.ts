import type { COUNT_VERDICTS } from '@huntforge/contracts/workflow';

export type CountVerdict = (typeof COUNT_VERDICTS)[number];

/** The spec's count accuracy: the expected count exactly is a pass, within 2 partial, further off a fail. */
export function countVerdict(actual: number, expected: number): CountVerdict {
  const difference = Math.abs(actual - expected);
  if (difference === 0) return 'pass';
  return difference <= 2 ? 'partial' : 'fail';
}
