// Scoring: the hunt-score keyword registry and scorer, and the platform registry. Pure, no I/O.
export {
  createHuntScorer,
  HUNT_SCORE_CEILING,
  matchHuntKeywords,
  scoreHunt,
  type HuntScore,
  type HuntScorer,
  type HuntTierResult,
} from './hunt-score/hunt-scorer';
export {
  HUNT_KEYWORD_REGISTRY,
  HUNT_REGISTRY_FINGERPRINT,
  HUNT_TIERS,
  huntRegistryFingerprint,
  parseHuntKeywordRegistry,
  type HuntKeywordRegistry,
  type HuntTier,
  type HuntTierDefinition,
} from './hunt-score/registry';
export { cmdSubstring, normalizeForMatching } from './hunt-score/normalize';
export { PLATFORM_TERMS, PLATFORMS, type Platform, type PlatformTerm } from './platform/platform-terms';
export {
  detectPlatform,
  type DetectedOs,
  type DetectionConfidence,
  type PlatformDetection,
  type PlatformEvidence,
} from './platform/detect-platform';
export { builtinRank, RANK_WEIGHTS, type RankInput, type RankResult } from './rank/builtin-rank';
export { controlPlaneActivity } from './rank/control-plane';
export { concreteMaterial } from './rank/concrete-material';
