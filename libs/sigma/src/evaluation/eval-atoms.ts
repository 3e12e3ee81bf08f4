import { analyseRuleDocument, analyseRuleText } from '../similarity/atoms';

/** The positive atoms of a set of rules, each prefixed by its rule's telemetry class (`class::field|modifiers|value`). */
export interface RuleSetAtoms {
  atoms: string[];
  classes: string[];
  /** Rules whose detection could not be decomposed (unparseable, no usable condition, or past the DNF cap). */
  undecomposable: number;
  rules: number;
}

/**
 * Decomposes rules (YAML text or parsed documents) for the Sigma evaluation: generated rules are compared
 * with the expected ones by these atoms and by their telemetry classes; undecomposable rules are counted
 * apart rather than scored.
 */
export function ruleSetAtoms(rules: ReadonlyArray<string | Record<string, unknown>>): RuleSetAtoms {
  const atoms = new Set<string>();
  const classes = new Set<string>();
  let undecomposable = 0;
  for (const rule of rules) {
    const analysed = typeof rule === 'string' ? analyseRuleText(rule) : analyseRuleDocument({ title: 'expected', ...rule });
    if (!analysed.ok || analysed.atoms.inconclusive || analysed.atoms.positive.length === 0) {
      undecomposable++;
      continue;
    }
    classes.add(analysed.atoms.telemetryClass);
    for (const atom of analysed.atoms.positive) atoms.add(`${analysed.atoms.telemetryClass}::${atom}`);
  }
  return { atoms: [...atoms].sort(), classes: [...classes].sort(), undecomposable, rules: rules.length };
}
