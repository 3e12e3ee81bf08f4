// Sigma rules: parse, validate, normalise, compare, render and enrich deterministically. Pure: no I/O.
export { FINDING_IDS, finding, hasErrors, type Finding, type FindingId, type FindingSeverity } from './findings';
export { parseSigmaRule, isPlainObject, type ParsedRule, type ParseResult } from './parse/parse-rule';
export {
  validateSigmaRule,
  validateDocument,
  validateRuleDocument,
  sortFindings,
  type ValidationResult,
  type AnalysedDetection,
} from './validate/validate-rule';
export { validateSigmaFile, validateAnyDocument, type FileValidationResult } from './validate/validate-file';
export { checkRuleSet, type RuleFile } from './validate/rule-set-checks';
export { LEVELS, STATUSES } from './validate/metadata-checks';
export { parseCondition, expandPattern, ConditionSyntaxError, type ConditionNode } from './condition/parse-condition';
export { toDnf, DNF_BRANCH_CAP, type Dnf, type Literal } from './condition/dnf';
export { KNOWN_MODIFIERS, parseFieldSpec, type FieldSpec } from './pipeline/modifiers';
export { compileSigmaRegex } from './detection/sigma-regex';
export { compileRule, type CompiledRule } from './evaluate/compile-rule';
export { RuleCompileError, type MatchOptions, type EventTest } from './evaluate/compile-item';
export { lookupField, type SigmaEvent } from './evaluate/event-fields';
export { RuleSet } from './evaluate/rule-set';
export { addGatedRule } from './evaluate/gated-rules';
export { pipelineRuleTransform } from './evaluate/pipeline-documents';
export { resolveSource, sourceKey, type EventSource, type SourceView } from './evaluate/event-source';
export { gateAllows, ruleGate, ruleVariants, type RuleGate } from './evaluate/logsource-gate';
export { observableEvents, type ObservableLike, type ObservableEvent } from './evaluate/observable-events';
export { selfTestRule, noteBaselineFirings, type SelfTestResult, type BaselineResult } from './evaluate/self-test';
export { benignBaseline } from './evaluate/benign-baseline';
export { asExecuted, stableParts } from './templates/command-values';
export { escapeRegex } from './evaluate/wildcard';
export { programRuns, type ProgramRun } from './templates/command-program';
export { CorrelationEngine, eventTime, loadRuleDocuments, type CorrelationAlert, type EngineResult } from './evaluate/correlation';
export {
  ATTACK_DATA_VERSION,
  isKnownTechnique,
  retiredTacticReplacements,
  tacticId,
  tacticShortnames,
  techniqueStatus,
  type TechniqueStatus,
} from './attack/attack-catalog';
export { telemetryClass, TELEMETRY_CLASSES, type Logsource } from './logsource/telemetry-class';
export { canonicalField, preferredFieldName } from './similarity/field-aliases';
export { analyseRuleText, analyseRuleDocument, itemAtoms, type AnalyseResult, type RuleAtoms } from './similarity/atoms';
export { compareAtoms, scoreFromCounts, MAX_FILTER_PENALTY, type SimilarityExplanation } from './similarity/score';
export { SimilarityIndex, type RuleAttribution, type SimilarityMatch, type SimilaritySearchResult } from './similarity/similarity-index';
export { renderRule } from './render/render-rule';
export { enrichRuleBuiltin, inferTags, type EnrichmentContext, type EnrichmentResult } from './enrich/builtin-enrich';
export { builtinChatTurn, type ChatTurnInput, type ChatTurnOutcome } from './enrich/builtin-chat';
// The builtin SigmaAgent's rule templates (written with the workflow issue).
export {
  generateBuiltinRules,
  builtinSigmaInput,
  distinctiveTokens,
  type BuiltinSigmaInput,
  type TemplatePlatform,
} from './templates/builtin-sigma-agent';
export { stableRuleId, type ArticleRef, type RuleDraft, type TemplateClass } from './templates/rule-draft';
export { mergeTags, tagsForExecutable, tagsForRegistryPath } from './templates/attack-inference';
export { ruleSetAtoms, type RuleSetAtoms } from './evaluation/eval-atoms';
export { CorpusCoverage, eventTelemetryClass, type ObservableCoverage, type RuleMatch } from './evaluate/corpus-coverage';
export type { MatchedItem } from './evaluate/match-explanation';
export { corpusChecks } from './evaluate/corpus-checks';
export { coverageEvidence, coverageProduct, explainedCoverage, type CoveredObservable } from './evaluate/coverage-evidence';
// What the workflow checks on a rule it received or generated, on the rule object (no YAML parsed again).
export { detectionValues } from './vetting/detection-values';
export { fidelityCheck, type FidelityResult } from './vetting/fidelity';
export { repairRule } from './vetting/builtin-repair';
export { ruleSummary, type RuleSummary } from './vetting/rule-summary';
// Processing pipelines (pySigma's YAML format) over a parsed rule model, and conversion to SIEM queries.
export { SigmaError, UNSUPPORTED_KINDS, type SigmaErrorKind } from './pipeline/errors';
export { ProcessingPipeline, combinePipelines } from './pipeline/pipeline';
export { PipelineState } from './pipeline/pipeline-state';
export { SigmaRuleModel, Detection, DetectionItem } from './pipeline/rule-model';
export { CorrelationRuleModel } from './pipeline/correlation-model';
export { loadRuleCollection } from './pipeline/collection';
export { conditionTree, type CondNode } from './pipeline/condition-tree';
export * as sigmaValues from './pipeline/values';
export {
  convertRuleText,
  checkRequest,
  resolvePipelines,
  type ConversionRequest,
  type ConversionOutcome,
  type PipelineSpec,
} from './convert/convert';
export { TARGET_IDS, targetFor } from './convert/registry';
export {
  checkTargets,
  convertForTargets,
  DEFAULT_CONVERT_TARGETS,
  parseTargetList,
  ruleLoadError,
  teamTargets,
  type TargetConversion,
  type TargetProblem,
  type TargetSpec,
} from './convert/convert-targets';
export { NAMED_PIPELINES, registerPipelines, type PipelineFactory } from './pipeline/named';
// STIX 2.1 export of an execution: indicator values as STIX patterns, valid generated rules as Sigma indicators.
export { executionStixBundle, HUNTFORGE_IDENTITY_ID, type StixExportInput } from './stix/execution-bundle';
export { stixPatternFor } from './stix/stix-pattern';
export { storedExecutionStix, type StoredExecution } from './stix/stored-execution';
export { queryKey, stixRuleQueries, type StixRuleQueries } from './stix/rule-queries';
export { translateQuery, TRANSLATED_LANGUAGES, type DropCode, type Translation } from './from-query/translate-query';
export { sigmaDetection } from './from-query/sigma-detection';
export {
  assessGeneratedRules,
  assessmentSummary,
  coveringRules,
  holdCandidate,
  MAX_REPAIR_ATTEMPTS,
  type AssessedRule,
  type AssessmentContext,
  type HeldRule,
  type RepairRule,
  type RuleCandidate,
  type RuleDocument,
  type RuleValidation,
} from './generation/assess-generated-rules';
export { selfTestGenerated } from './generation/self-test-generated';
