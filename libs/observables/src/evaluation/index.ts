export { expectedItems, expectedSigmaRules, type ExpectedItems, type GroundTruth } from './ground-truth';
export { actualItems } from './actual-items';
export { normaliseItem, scoreItems, type ItemScore } from './match-items';
export { countVerdict, type CountVerdict } from './count-accuracy';
export {
  parseEvalSet,
  loadEvalSet,
  EVAL_ARTICLES_FILE,
  EvalSetError,
  type EvalFixture,
  type EvalSet,
  type EvalSetArticle,
  type EvalSetOptions,
  type ReadEvalFile,
} from './eval-set';
export { aggregateByVersion, aggregateVersion, roundFigure, type ScoredRecord, type VersionAggregate } from './aggregate-records';
