import { HUNT_TIERS, matchHuntKeywords, type HuntTier } from '@huntforge/scoring';

/** Dense features from the hunt-score keyword registry: distinct terms per tier, squashed, plus "has a perfect term". */
export const KEYWORD_FEATURE_NAMES: readonly string[] = [...HUNT_TIERS.map((tier) => `keywords:${tier}`), 'keywords:perfect_present'];

export function keywordTierValues(text: string): number[] {
  return keywordValuesFromMatches(matchHuntKeywords(text));
}

export function keywordValuesFromMatches(matches: Record<HuntTier, string[]>): number[] {
  // n / (n + 2): one term is already a third of the way, five terms most of it.
  const values = HUNT_TIERS.map((tier) => matches[tier].length / (matches[tier].length + 2));
  values.push(matches.perfect.length > 0 ? 1 : 0);
  return values;
}
