/**
 * The builtin RankAgent: how worth hunting an article is, 0–10, from evidence we can count.
 *
 *   rank = 4 × (hunt_score / 99.9)                     keyword evidence (the hunt score's tiers)
 *        + 4 × (1 − e^(−observables / 6))              how much concrete, extractable material there is
 *        + 2 × min(1, observable_types / 4)            breadth: commands, registry, network, tasks, ...
 *
 * rounded to one decimal. Keyword-rich prose without a single command line or indicator tops out at 4 and
 * stays below the default RankingThreshold (6.0); concrete material counts as much as keywords, so a Linux
 * or cloud write-up full of indicators clears the threshold although the keyword registry leans Windows.
 */
export interface RankInput {
  huntScore: number;
  /** Distinct observables per type (after aggregation), e.g. { cmdline: 4, network: 2 }. */
  observablesByType: Record<string, number>;
}

export interface RankResult {
  score: number;
  reasoning: string;
  components: { keywords: number; volume: number; breadth: number };
}

export const RANK_WEIGHTS = { keywords: 4, volume: 4, breadth: 2, volumeScale: 6, breadthTypes: 4, huntScoreCeiling: 99.9 } as const;

const round1 = (value: number) => Math.round(value * 10) / 10;

export function builtinRank(input: RankInput): RankResult {
  const hunt = Math.min(Math.max(input.huntScore, 0), RANK_WEIGHTS.huntScoreCeiling);
  const counts = Object.entries(input.observablesByType).filter(([, count]) => count > 0);
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  const keywords = RANK_WEIGHTS.keywords * (hunt / RANK_WEIGHTS.huntScoreCeiling);
  const volume = RANK_WEIGHTS.volume * (1 - Math.exp(-total / RANK_WEIGHTS.volumeScale));
  const breadth = RANK_WEIGHTS.breadth * Math.min(1, counts.length / RANK_WEIGHTS.breadthTypes);
  const score = Math.min(10, round1(keywords + volume + breadth));
  const typeList = counts.length > 0 ? counts.map(([type, count]) => `${type} ${count}`).join(', ') : 'none';
  return {
    score,
    components: { keywords: round1(keywords), volume: round1(volume), breadth: round1(breadth) },
    reasoning:
      `builtin rank ${score}/10 = keywords ${round1(keywords)} (hunt score ${hunt}) + volume ${round1(volume)} ` +
      `(${total} distinct observables) + breadth ${round1(breadth)} (${counts.length} types: ${typeList})`,
  };
}
