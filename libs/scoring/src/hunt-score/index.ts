// Hunt score: keyword registry (hunt-keywords.json) and one-pass scorer.
export {
  createHuntScorer,
  HUNT_SCORE_CEILING,
  matchHuntKeywords,
  scoreHunt,
  type HuntScore,
  type HuntScorer,
  type HuntTierResult,
} from './hunt-scorer';
export {
  HUNT_KEYWORD_REGISTRY,
  HUNT_TIERS,
  parseHuntKeywordRegistry,
  type HuntKeywordRegistry,
  type HuntTier,
  type HuntTierDefinition,
} from './registry';
export { cmdSubstring, normalizeForMatching } from './normalize';
