// Scoring: the hunt-score keyword registry and scorer, and the platform registry. Pure, no I/O.
export * from './hunt-score';
export * from './platform';
export { builtinRank, RANK_WEIGHTS, type RankInput, type RankResult } from './rank/builtin-rank';
