import type { RuleAtoms } from './atoms';

/** The most the filter difference can take off a score. */
export const MAX_FILTER_PENALTY = 0.5;

export interface SimilarityExplanation {
  score: number;
  jaccard: number;
  containment: number;
  filterPenalty: number;
  shared: string[];
  onlyInA: string[];
  onlyInB: string[];
  /** Either rule's condition passed the DNF cap. */
  inconclusive: boolean;
}

/**
 * score = Jaccard(positive atoms) × containment factor − filter penalty, clamped to 0..1.
 * The containment factor, (1 + |A∩B| / min(|A|,|B|)) / 2, keeps a rule that adds one value to
 * another close to it while two rules that each have atoms the other lacks drop faster.
 * The filter penalty is 0.5 × (1 − Jaccard(filter atoms)) × the unpenalised score when either rule
 * has filters, so it is at most 0.5 and at most half of the score.
 * Rules of different telemetry classes score 0.
 */
export function compareAtoms(a: RuleAtoms, b: RuleAtoms): SimilarityExplanation {
  const setB = new Set(b.positive);
  const shared = a.positive.filter((atom) => setB.has(atom));
  const setA = new Set(a.positive);
  const explanation = {
    shared,
    onlyInA: a.positive.filter((atom) => !setB.has(atom)),
    onlyInB: b.positive.filter((atom) => !setA.has(atom)),
    inconclusive: a.inconclusive || b.inconclusive,
  };
  if (a.telemetryClass !== b.telemetryClass) return { ...explanation, score: 0, jaccard: 0, containment: 0, filterPenalty: 0 };
  return { ...explanation, ...scoreFromCounts(shared.length, a.positive.length, b.positive.length, a.filter, b.filter) };
}

/** The score from the overlap count (what the inverted index accumulates) and the two filter sets. */
export function scoreFromCounts(
  sharedCount: number,
  sizeA: number,
  sizeB: number,
  filterA: readonly string[],
  filterB: readonly string[],
): { score: number; jaccard: number; containment: number; filterPenalty: number } {
  const union = sizeA + sizeB - sharedCount;
  const jaccard = union === 0 ? 0 : sharedCount / union;
  const smaller = Math.min(sizeA, sizeB);
  const containment = smaller === 0 ? 0 : sharedCount / smaller;
  const base = jaccard * ((1 + containment) / 2);
  // Scaled by the base score so a filter difference can halve a match but never erase a partial one.
  const filterPenalty = filterPenaltyOf(filterA, filterB) * base;
  const score = Math.min(1, Math.max(0, base - filterPenalty));
  return { score: round(score), jaccard: round(jaccard), containment: round(containment), filterPenalty: round(filterPenalty) };
}

function filterPenaltyOf(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  const setB = new Set(b);
  const shared = a.filter((atom) => setB.has(atom)).length;
  const union = a.length + b.length - shared;
  return MAX_FILTER_PENALTY * (1 - shared / union);
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
