export { createSigmaQueueModule, type SigmaQueueModuleOptions } from './module';
export { SIGMA_QUEUE_ENV } from './env';
export { builtinRuleEnricher, type RuleEnricher, type EnrichInput, type EnrichOutput, type ChatInput } from './enrichment/rule-enricher';
export { indexRuleFolder, type CorpusOrigin } from './corpus/index-folder';
export { ReferenceRuleRepository } from './repositories/reference-rule-repository';
