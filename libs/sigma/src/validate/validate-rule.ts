import type { ConditionNode } from '../condition/parse-condition';
import { readSearchIdentifiers, type SearchIdentifier } from '../detection/search-identifiers';
import { finding, hasErrors, type Finding } from '../findings';
import { isPlainObject, parseSigmaRule, type ParsedRule } from '../parse/parse-rule';
import { checkCondition } from './condition-checks';
import { checkSearchIdentifiers } from './detection-checks';
import { checkMetadata } from './metadata-checks';

export interface ValidationResult {
  valid: boolean;
  findings: Finding[];
  /** Present when the YAML parsed to a mapping. */
  rule?: ParsedRule;
}

/** The parts of a rule the similarity engine needs, available when the detection is well-formed. */
export interface AnalysedDetection {
  identifiers: SearchIdentifier[];
  /** One tree per condition; several mean OR. */
  conditions: ConditionNode[];
}

/** Validates rule text: YAML, required fields and types, modifiers, condition, regexes, ATT&CK tags. */
export function validateSigmaRule(source: string): ValidationResult {
  const parsed = parseSigmaRule(source);
  if (!parsed.ok) return { valid: false, findings: parsed.findings };
  const findings = validateDocument(parsed.rule.doc).findings;
  return { valid: !hasErrors(findings), findings: sortFindings(findings), rule: parsed.rule };
}

/** Validates a rule that is already an object (generated, or parsed once): the same verdict as for its text. */
export function validateRuleDocument(doc: Record<string, unknown>): { valid: boolean; findings: Finding[] } {
  const findings = validateDocument(doc).findings;
  return { valid: !hasErrors(findings), findings: sortFindings(findings) };
}

/** Validates an already parsed rule mapping. */
export function validateDocument(doc: Record<string, unknown>): { findings: Finding[]; detection?: AnalysedDetection } {
  const findings = checkMetadata(doc);
  if (!('detection' in doc)) {
    findings.push(finding('missing_field', 'detection', 'detection is required'));
    return { findings };
  }
  if (!isPlainObject(doc.detection)) {
    findings.push(finding('field_type', 'detection', 'detection must be a mapping'));
    return { findings };
  }
  const detection = doc.detection;
  const identifiers = readSearchIdentifiers(detection);
  findings.push(...checkSearchIdentifiers(identifiers));
  if (identifiers.length === 0) findings.push(finding('empty_detection', 'detection', 'detection defines no search identifier'));
  if (!('condition' in detection)) {
    findings.push(finding('missing_field', 'detection.condition', 'detection.condition is required'));
    return { findings };
  }
  const condition = checkCondition(
    detection.condition,
    identifiers.map((i) => i.name),
  );
  findings.push(...condition.findings);
  return { findings, detection: { identifiers, conditions: condition.trees } };
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Findings in the order every validation answers them: errors first, then warnings, then notes, each as found. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
