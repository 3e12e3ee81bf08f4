// Scoring: the hunt-score keyword registry and scorer, and the platform registry. Pure, no I/O.
export {
  createHuntScorer,
  HUNT_SCORE_CEILING,
  matchHuntKeywords,
  scoreHunt,
  type HuntScore,
  type HuntScorer,
  type HuntTierResult,
  HUNT_KEYWORD_REGISTRY,
  HUNT_TIERS,
  parseHuntKeywordRegistry,
  type HuntKeywordRegistry,
  type HuntTier,
  type HuntTierDefinition,
  cmdSubstring,
  normalizeForMatching,
} from './hunt-score';
export {
  PLATFORM_TERMS,
  PLATFORMS,
  type Platform,
  type PlatformTerm,
  detectPlatform,
  type DetectedOs,
  type DetectionConfidence,
  type PlatformDetection,
  type PlatformEvidence,
} from './platform';
export { builtinRank, RANK_WEIGHTS, type RankInput, type RankResult } from './rank/builtin-rank';
