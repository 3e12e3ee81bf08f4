import { CORE_SCHEMA, loadAll, YAMLException } from 'js-yaml';
import { finding, type Finding } from '../findings';

/** A parsed rule: the exact source text beside the plain object it loads to. */
export interface ParsedRule {
  source: string;
  /** The YAML mapping (CORE schema: dates stay strings, so `date:` reads as written). */
  doc: Record<string, unknown>;
}

export type ParseResult = { ok: true; rule: ParsedRule } | { ok: false; findings: Finding[] };

/**
 * Parses one Sigma rule. The CORE schema keeps `2024-01-31` a string (the YAML 1.1 timestamp type
 * would turn it into a Date and lose the original spelling), and duplicate keys are a syntax error.
 */
export function parseSigmaRule(source: string): ParseResult {
  let documents: unknown[];
  try {
    documents = loadAll(source, { schema: CORE_SCHEMA }).filter((d) => d !== null && d !== undefined);
  } catch (error) {
    const message = error instanceof YAMLException ? error.message : String(error);
    return { ok: false, findings: [finding('yaml_syntax', '', `YAML does not parse: ${firstLine(message)}`)] };
  }
  if (documents.length === 0) return { ok: false, findings: [finding('not_a_mapping', '', 'The document is empty')] };
  if (documents.length > 1) {
    return { ok: false, findings: [finding('multiple_documents', '', `Expected one rule, found ${documents.length} YAML documents`)] };
  }
  const doc = documents[0];
  if (!isPlainObject(doc)) return { ok: false, findings: [finding('not_a_mapping', '', 'A Sigma rule must be a YAML mapping')] };
  return { ok: true, rule: { source, doc } };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
