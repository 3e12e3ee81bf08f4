import { toDnf, identifierPolarity, DNF_BRANCH_CAP, type Literal } from '../condition/dnf';
import type { ConditionNode } from '../condition/parse-condition';
import { MATCH_MODIFIERS } from '../pipeline/modifiers';
import type { DetectionItem, SearchIdentifier } from '../detection/search-identifiers';
import { isPlainObject, parseSigmaRule } from '../parse/parse-rule';
import { validateDocument, type AnalysedDetection } from '../validate/validate-rule';
import { wildcardModifier } from '../detection/wildcard-modifier';
import { canonicalField } from './field-aliases';
import { telemetryClass, type Logsource } from '../logsource/telemetry-class';

/** What the similarity engine compares: normalised `field|modifier-chain|value` atoms of a rule. */
export interface RuleAtoms {
  telemetryClass: string;
  /** Atoms of the search identifiers the condition requires. */
  positive: string[];
  /** Atoms of the search identifiers the condition excludes (`not filter`). */
  filter: string[];
  /** DNF branch count, or null when the expansion passed the cap. */
  branches: number | null;
  /** True when the DNF passed the cap: polarity then comes from the tree and comparisons are inconclusive. */
  inconclusive: boolean;
}

export type AnalyseResult = { ok: true; atoms: RuleAtoms; doc: Record<string, unknown> } | { ok: false; reason: string };

/** Parses and normalises rule text into atoms; fails when the YAML, detection or condition is unusable. */
export function analyseRuleText(source: string): AnalyseResult {
  const parsed = parseSigmaRule(source);
  if (!parsed.ok) return { ok: false, reason: parsed.findings[0]?.message ?? 'unparseable rule' };
  return analyseRuleDocument(parsed.rule.doc);
}

/**
 * The same for a loaded mapping. `validated` is what validateDocument answered for it when the caller already
 * validated it (the queue does, for the rule's findings), so the detection is not read and checked again.
 */
export function analyseRuleDocument(doc: Record<string, unknown>, validated?: { detection?: AnalysedDetection }): AnalyseResult {
  const { detection } = validated ?? validateDocument(doc);
  if (!detection || detection.conditions.length === 0) return { ok: false, reason: 'the rule has no usable detection and condition' };
  const logsource = isPlainObject(doc.logsource) ? (doc.logsource as Logsource) : {};
  return { ok: true, doc, atoms: atomsOf(telemetryClass(logsource), detection.identifiers, detection.conditions) };
}

function atomsOf(cls: string, identifiers: SearchIdentifier[], conditions: ConditionNode[]): RuleAtoms {
  const names = identifiers.map((identifier) => identifier.name);
  const byName = new Map(identifiers.map((identifier) => [identifier.name, identifier]));
  const branches: Literal[][] = [];
  let capped = false;
  for (const condition of conditions) {
    const dnf = toDnf(condition, names);
    if (dnf === null || branches.length + dnf.length > DNF_BRANCH_CAP) capped = true;
    else branches.push(...dnf);
  }

  const positiveNames = new Set<string>();
  const negativeNames = new Set<string>();
  if (capped) {
    for (const condition of conditions) {
      for (const [name, polarity] of identifierPolarity(condition, names)) {
        (polarity === 'negative' ? negativeNames : positiveNames).add(name);
      }
    }
  } else {
    for (const literal of branches.flat()) (literal.negated ? negativeNames : positiveNames).add(literal.name);
  }
  const positive = new Set<string>();
  const filter = new Set<string>();
  for (const name of positiveNames) identifierAtoms(byName.get(name)).forEach((atom) => positive.add(atom));
  for (const name of negativeNames) {
    if (!positiveNames.has(name)) identifierAtoms(byName.get(name)).forEach((atom) => filter.add(atom));
  }
  return {
    telemetryClass: cls,
    positive: [...positive].sort(),
    filter: [...filter].sort(),
    branches: capped ? null : branches.length,
    inconclusive: capped,
  };
}

function identifierAtoms(identifier: SearchIdentifier | undefined): string[] {
  if (!identifier) return [];
  return identifier.alternatives.flat().flatMap(itemAtoms);
}

/** `field|modifier-chain|value` for each value, after alias, case and wildcard ↔ modifier folding. */
export function itemAtoms(item: DetectionItem): string[] {
  const field = item.field === null ? 'keywords' : canonicalField(item.field);
  const chain = item.modifiers.filter((m) => m !== 'all' && m !== 'cased');
  const caseSensitive = item.modifiers.includes('cased') || item.modifiers.includes('re');
  return item.values.map((value) => {
    let text = value === null ? 'null' : String(value);
    let modifiers = chain;
    if (item.field === null && modifiers.length === 0) modifiers = ['contains'];
    if (typeof value === 'string' && !modifiers.some((m) => (MATCH_MODIFIERS as readonly string[]).includes(m) || m === 're')) {
      const folded = wildcardModifier(text);
      if (folded) {
        modifiers = [...modifiers, folded];
        text = text.slice(text.startsWith('*') ? 1 : 0, text.endsWith('*') ? -1 : undefined);
      }
    }
    if (!caseSensitive) text = text.toLowerCase();
    return `${field}|${modifiers.length > 0 ? modifiers.join('|') : 'eq'}|${text}`;
  });
}
