import { loadAll, YAML11_SCHEMA } from 'js-yaml';
import { isPlainObject } from '../parse/parse-rule';
import { CorrelationRuleModel } from './correlation-model';
import { sigmaError } from './errors';
import type { ProcessedRule } from './pipeline-state';
import { SigmaRuleModel } from './rule-model';

/**
 * The rules of one YAML text (several documents, `action: global` merges aside): detection rules and
 * correlation rules, the latter resolved to the rules they reference by name or id. A rule only
 * referenced by correlations that do not `generate` it gives no query of its own.
 */
export function loadRuleCollection(text: string): ProcessedRule[] {
  let documents: unknown[];
  try {
    documents = loadAll(text, null, { schema: YAML11_SCHEMA }).filter((doc) => doc !== null && doc !== undefined);
  } catch (error) {
    throw sigmaError('SigmaError', `YAML does not parse: ${((error as Error).message.split('\n')[0] ?? '').trim()}`);
  }
  if (documents.length === 0) throw sigmaError('SigmaError', 'The file holds no Sigma rule');
  const rules = documents.map((doc) => {
    if (!isPlainObject(doc)) throw sigmaError('SigmaError', 'A Sigma rule must be a YAML mapping');
    if ('correlation' in doc) return CorrelationRuleModel.fromDocument(doc);
    if ('filter' in doc) throw sigmaError('NotImplementedError', 'Sigma filters are applied to rules, not converted on their own');
    return SigmaRuleModel.fromDocument(doc);
  });
  resolveReferences(rules);
  return rules;
}

export function resolveReferences(rules: ProcessedRule[]): void {
  const byName = new Map<string, ProcessedRule>();
  for (const rule of rules) {
    if (rule.meta.id) byName.set(rule.meta.id, rule);
    if (rule.meta.name) byName.set(rule.meta.name, rule);
  }
  for (const rule of rules) {
    if (!(rule instanceof CorrelationRuleModel)) continue;
    rule.referencedRules = rule.ruleRefs.map((ref) => {
      const referenced = byName.get(ref);
      if (!referenced)
        throw sigmaError('SigmaCorrelationRuleError', `Rule '${ref}' referenced by correlation rule '${rule.meta.title}' not found`);
      referenced.referencedBy++;
      if (!rule.generate) referenced.output = false;
      return referenced;
    });
  }
}
