export { generateBuiltinRules, distinctiveTokens, type BuiltinSigmaInput, type TemplatePlatform } from './builtin-sigma-agent';
export { stableRuleId, type ArticleRef, type RuleDraft, type TemplateClass } from './rule-draft';
export { mergeTags, tagsForExecutable, tagsForRegistryPath } from './attack-inference';
