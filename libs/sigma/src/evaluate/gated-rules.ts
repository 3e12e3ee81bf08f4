import type { MatchOptions } from './compile-item';
import { compileRule, type CompiledRule } from './compile-rule';
import { ruleGate, ruleVariants } from './logsource-gate';
import type { RuleSet } from './rule-set';

/**
 * Adds a detection rule to a rule set gated by its logsource, once as written and once more for each
 * log that writes its category under other field names (Security 4688 for process creation): each
 * compilation runs only on its own log's events. Throws RuleCompileError when the rule cannot run.
 */
export function addGatedRule<Meta>(set: RuleSet<Meta>, doc: Record<string, unknown>, meta: Meta, options: MatchOptions = {}): CompiledRule {
  const base = compileRule(doc, options);
  const variants = ruleVariants(doc).flatMap(({ variant, doc: mapped }) => {
    try {
      // Reported under the rule as written, whatever log it ran on.
      return [{ variant, rule: { ...compileRule(mapped, options), doc } }];
    } catch {
      return [];
    }
  });
  set.add(base, meta, ruleGate(doc, null, new Set(variants.map(({ variant }) => variant.id))));
  for (const { variant, rule } of variants) set.add(rule, meta, ruleGate(doc, variant.id));
  return base;
}
