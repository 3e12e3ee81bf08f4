import { compileAutomaton, type KeywordAutomaton } from './keyword-automaton';
import { normalizeForMatching } from './normalize';
import { HUNT_KEYWORD_REGISTRY, HUNT_TIERS, type HuntKeywordRegistry, type HuntTier } from './registry';

export interface HuntTierResult {
  /** Distinct registry terms found, in registry order. */
  matched: string[];
  /** Points the tier contributed: max × (1 − 0.5^n), negative for the `negative` tier; two decimals. */
  points: number;
}

export interface HuntScore {
  /** 0–99.9, one decimal. */
  score: number;
  tiers: Record<HuntTier, HuntTierResult>;
}

export const HUNT_SCORE_CEILING = 99.9;

export interface HuntScorer {
  score(text: string): HuntScore;
  match(text: string): Record<HuntTier, string[]>;
}

interface Entry {
  tier: HuntTier;
  term: string;
  /** Position in its tier's term list, so results come back in registry order. */
  order: number;
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Builds a scorer for a registry: all tiers share one automaton, so a text is read once. */
export function createHuntScorer(registry: HuntKeywordRegistry): HuntScorer {
  const patternIndex = new Map<string, number>();
  const patterns: string[] = [];
  const entriesOf: Entry[][] = [];
  for (const tier of HUNT_TIERS) {
    registry[tier].terms.forEach((term, order) => {
      const pattern = term.toLowerCase().replace(/\s+/g, ' ');
      let index = patternIndex.get(pattern);
      if (index === undefined) {
        index = patterns.length;
        patternIndex.set(pattern, index);
        patterns.push(pattern);
        entriesOf.push([]);
      }
      entriesOf[index].push({ tier, term, order });
    });
  }
  const automaton: KeywordAutomaton = compileAutomaton(patterns);

  function match(text: string): Record<HuntTier, string[]> {
    const seen = new Uint8Array(patterns.length);
    automaton.scan(normalizeForMatching(text), (index) => {
      seen[index] = 1;
    });
    const found: Record<HuntTier, Entry[]> = { perfect: [], good: [], lolbas: [], intelligence: [], negative: [] };
    for (let index = 0; index < patterns.length; index++) {
      if (seen[index] === 1) for (const entry of entriesOf[index]) found[entry.tier].push(entry);
    }
    const result = {} as Record<HuntTier, string[]>;
    for (const tier of HUNT_TIERS) result[tier] = found[tier].sort((a, b) => a.order - b.order).map((entry) => entry.term);
    return result;
  }

  function score(text: string): HuntScore {
    const matched = match(text);
    const tiers = {} as Record<HuntTier, HuntTierResult>;
    let total = 0;
    for (const tier of HUNT_TIERS) {
      const magnitude = registry[tier].max * (1 - 0.5 ** matched[tier].length);
      const points = tier === 'negative' ? -magnitude : magnitude;
      total += points;
      tiers[tier] = { matched: matched[tier], points: round(points, 2) };
    }
    return { score: round(Math.min(HUNT_SCORE_CEILING, Math.max(0, total)), 1), tiers };
  }

  return { score, match };
}

let defaultScorer: HuntScorer | undefined;
function shippedScorer(): HuntScorer {
  defaultScorer ??= createHuntScorer(HUNT_KEYWORD_REGISTRY);
  return defaultScorer;
}

/** Hunt score of a text with the shipped keyword registry. */
export function scoreHunt(text: string): HuntScore {
  return shippedScorer().score(text);
}

/** Distinct matched terms per tier with the shipped registry (the same one-pass automaton as scoreHunt). */
export function matchHuntKeywords(text: string): Record<HuntTier, string[]> {
  return shippedScorer().match(text);
}
