import type { ExecutionCoverage, GeneratedRuleRecord } from '@huntforge/contracts/executions';
import { asSigmaDocument, type CoveringRule } from '@huntforge/contracts/sigma';
import { noteBaselineFirings, type SelfTestResult } from '../evaluate/self-test';
import type { ObservableLike } from '../evaluate/observable-events';
import type { Finding } from '../findings';
import { parseSigmaRule } from '../parse/parse-rule';
import { renderRule } from '../render/render-rule';
import { validateRuleDocument } from '../validate/validate-rule';
import { detectionValues } from '../vetting/detection-values';
import { fidelityCheck } from '../vetting/fidelity';
import { ruleSummary } from '../vetting/rule-summary';
import { selfTestGenerated } from './self-test-generated';

/** A rule as a loaded mapping: a generated rule object, or rule text parsed once. */
export type RuleDocument = Record<string, unknown>;

/**
 * A rule an agent wrote: the builtin agent's rule object, or a model's YAML text (parsed once here). The
 * telemetry class is read from the logsource when the agent does not say.
 */
export type RuleCandidate = { telemetryClass?: string } & ({ rule: RuleDocument; yaml?: undefined } | { yaml: string; rule?: undefined });

export interface RuleValidation {
  valid: boolean;
  findings: Finding[];
}

/** A candidate as a run holds it: its mapping (loaded once), its text when an agent wrote text, its validation. */
export interface HeldRule {
  doc: RuleDocument | null;
  text: string | null;
  validation: RuleValidation;
}

/** Loads (text is parsed once) and validates a candidate. */
export function holdCandidate(candidate: RuleCandidate): HeldRule {
  if (candidate.rule) return { doc: candidate.rule, text: null, validation: validateRuleDocument(candidate.rule) };
  const parsed = parseSigmaRule(candidate.yaml);
  if (!parsed.ok) return { doc: null, text: candidate.yaml, validation: { valid: false, findings: parsed.findings } };
  return { doc: parsed.rule.doc, text: candidate.yaml, validation: validateRuleDocument(parsed.rule.doc) };
}

export const MAX_REPAIR_ATTEMPTS = 3;

/** Asks an agent to fix a rule for its findings: a new candidate, or null when it could not. */
export type RepairRule = (rule: { yaml: string; doc: RuleDocument | null }, findings: Finding[]) => Promise<RuleCandidate | null>;

async function validateWithRepair(candidate: RuleCandidate, repair: RepairRule) {
  let held = holdCandidate(candidate);
  const attempts: GeneratedRuleRecord['repair_attempts'] = [];
  while (!held.validation.valid && attempts.length < MAX_REPAIR_ATTEMPTS) {
    const yaml = held.text ?? (held.doc ? renderRule(held.doc) : '');
    const findings = held.validation.findings;
    const repaired = await repair({ yaml, doc: held.doc }, findings);
    if (repaired) held = holdCandidate(repaired);
    attempts.push({ attempt: attempts.length + 1, findings, valid_after: held.validation.valid });
    if (!repaired) break;
  }
  return { held, attempts };
}

const MAX_COVERING = 10;

/** The reference rules that fire on the observables a generated rule fires on, most relevant first. */
export function coveringRules(coverage: ExecutionCoverage | null, firedOn: readonly string[]): CoveringRule[] {
  if (!coverage) return [];
  const rules = new Map<string, CoveringRule>();
  for (const entry of coverage.covered) {
    if (!firedOn.includes(entry.observable)) continue;
    for (const rule of entry.rules) if (!rules.has(rule.rule_id)) rules.set(rule.rule_id, rule);
  }
  return [...rules.values()].slice(0, MAX_COVERING);
}

/** A rule record of a run, with the loaded rule kept beside it for the queue (never stored twice). */
export type AssessedRule = GeneratedRuleRecord & { document: RuleDocument | null };

export interface AssessmentContext {
  repair: RepairRule;
  /** The run's observables: each rule's self-test runs on their telemetry. */
  observables: readonly ObservableLike[];
  /** What the article states (its text, its observables' values): the fidelity check's reference. */
  stated: readonly string[];
  /**
   * The article's text as the generator read it: the self-test's prose and cloud events are read from it, so the
   * prose facts worked out for the rules are reused (templates/prose-facts.ts keeps the last text's). Without it,
   * the stated values joined.
   */
  content?: string;
  /** What the reference corpus detects of the observables (null when it could not be asked). */
  coverage: ExecutionCoverage | null;
  log?: (line: string) => void;
}

/**
 * Every generated candidate made a rule record: loaded once and validated (repaired by the agent up to
 * MAX_REPAIR_ATTEMPTS times), self-tested on the article's observables and the benign baseline (baseline
 * firings written into the rule as an expected false positive, level one step lower), checked for values the
 * article does not state, linked to the reference rules that already cover it, and rendered to YAML once. Rules
 * for what the reference corpus does not detect yet come first.
 */
export async function assessGeneratedRules(candidates: readonly RuleCandidate[], context: AssessmentContext): Promise<AssessedRule[]> {
  const out: AssessedRule[] = [];
  // One text for all the candidates: the prose facts the self-test reads are kept for the last text they were read from.
  const content = context.content ?? context.stated.join('\n');
  for (const candidate of candidates) {
    const { held, attempts } = await validateWithRepair(candidate, context.repair);
    const { validation } = held;
    const selfTest: SelfTestResult =
      validation.valid && held.doc ? selfTestGenerated(held.doc, context.observables, content) : { fires: false, events: 0, fired_on: [] };
    // Only a false positive and a lower level are added, which cannot make a valid rule invalid.
    const doc = held.doc ? noteBaselineFirings(held.doc, selfTest.baseline) : null;
    const fidelity = fidelityCheck(doc ? detectionValues(doc) : [], context.stated);
    const summary = ruleSummary(doc);
    // The YAML is written once, here: rule text the agent wrote is kept as written unless the run changed the rule.
    const yaml = held.text !== null && doc === held.doc ? held.text : doc ? renderRule(doc) : '';
    context.log?.(
      `${summary.title ?? candidate.telemetryClass ?? 'untitled rule'}: ${validation.valid ? 'valid' : 'invalid'}${attempts.length ? ` after ${attempts.length} repair(s)` : ''}` +
        `${fidelity.ok ? '' : `; unsupported values ${fidelity.unsupported_values.join(', ')}`}` +
        `${validation.valid && !selfTest.fires ? `; fires on none of the ${selfTest.events} events of the observables, so it needs review` : ''}` +
        `${selfTest.baseline?.fires ? `; fires on ${selfTest.baseline.fires} of ${selfTest.baseline.events} benign baseline events, level lowered` : ''}`,
    );
    out.push({
      source: 'generated',
      telemetry_class: candidate.telemetryClass ?? summary.telemetryClass ?? 'unknown',
      title: summary.title,
      level: summary.level,
      tags: summary.tags,
      rule: doc ? asSigmaDocument(doc) : null,
      yaml,
      validation,
      repair_attempts: attempts,
      fidelity,
      self_test: selfTest,
      covered_by: coveringRules(context.coverage, selfTest.fired_on),
      queue: { outcome: validation.valid ? 'queued' : 'invalid' },
      document: doc,
    });
  }
  out.sort((a, b) => Number(a.covered_by.length > 0) - Number(b.covered_by.length > 0));
  return out;
}

/** The figures a run's Sigma stage reports of its rules. */
export function assessmentSummary(rules: readonly GeneratedRuleRecord[]) {
  return {
    generated: rules.length,
    valid: rules.filter((r) => r.validation.valid).length,
    repaired: rules.filter((r) => r.repair_attempts.length > 0).length,
    fidelity_flagged: rules.filter((r) => !r.fidelity.ok).length,
    not_firing: rules.filter((r) => r.validation.valid && !r.self_test.fires).length,
    baseline_firing: rules.filter((r) => (r.self_test.baseline?.fires ?? 0) > 0).length,
  };
}
