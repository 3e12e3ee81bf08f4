// Deterministic extraction for the builtin provider: pure functions over article text, no I/O.
export {
  CmdlineExtract,
  ProcTreeExtract,
  HuntQueriesExtract,
  RegistryExtract,
  ServicesExtract,
  ScheduledTasksExtract,
  NetworkIndicatorExtract,
  BUILTIN_AGENTS,
  platformSkipReason,
  runBuiltinExtraction,
  type ExtractOptions,
  type BuiltinExtractionOptions,
  type Platform,
} from './agents';
export { aggregateExtraction, type AgentRun, type AgentRuns } from './aggregate/aggregate';
export { normaliseObservable, normaliseUrl, straightenQuotes, type Normalised } from './aggregate/normalise';
export { findEmbeddedSigmaRules } from './sigma/find-embedded-sigma';
export { recoverIndentation } from './sigma/recover-indentation';
export { refang, isDefanged } from './refang';
export { parseDocument, type ArticleDocument } from './text/document';
export { queryLanguageOf } from './text/code-kind';
export { IANA_TLD_LIST_VERSION } from './network/tld-list';
export { isIanaTld, registrableDomain } from './network/domain-rules';
export * from './evaluation';
// The one command-line model (see command/index.ts): shared by the extractors, the Sigma generator and the services.
export * from './command';
