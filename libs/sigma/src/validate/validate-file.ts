import { CORE_SCHEMA, loadAll, YAMLException } from 'js-yaml';
import { finding, hasErrors, type Finding } from '../findings';
import { isPlainObject } from '../parse/parse-rule';
import { validateCorrelationDocument, validateFilterDocument } from './other-kinds';
import { validateDocument } from './validate-rule';

export interface FileValidationResult {
  valid: boolean;
  findings: Finding[];
  /** The file's documents as they apply (a global document merged into each that follows it). */
  documents: Array<Record<string, unknown>>;
}

/**
 * Validates a rule file as Sigma v2.1 defines it: one or more documents (`---`), each a detection
 * rule, a correlation rule or a filter; `action: global` documents are merged into the documents
 * after them, `action: reset` ends that, `action: repeat` reuses the previous document.
 */
export function validateSigmaFile(source: string): FileValidationResult {
  let loaded: unknown[];
  try {
    loaded = loadAll(source, { schema: CORE_SCHEMA }).filter((doc) => doc !== null && doc !== undefined);
  } catch (error) {
    const message = error instanceof YAMLException ? error.message : String(error);
    return { valid: false, findings: [finding('yaml_syntax', '', `YAML does not parse: ${message.split('\n')[0]}`)], documents: [] };
  }
  if (loaded.length === 0) return { valid: false, findings: [finding('not_a_mapping', '', 'The document is empty')], documents: [] };

  const findings: Finding[] = [];
  const documents: Array<Record<string, unknown>> = [];
  let global: Record<string, unknown> | null = null;
  let previous: Record<string, unknown> | null = null;
  const several = loaded.length > 1;
  loaded.forEach((raw, index) => {
    const label = (f: Finding): Finding => (several ? { ...f, message: `Document ${index + 1}: ${f.message}` } : f);
    if (!isPlainObject(raw)) {
      findings.push(label(finding('not_a_mapping', '', 'A Sigma document must be a YAML mapping')));
      return;
    }
    const { action, ...rest } = raw;
    if (action === 'global') {
      global = rest;
      return;
    }
    if (action === 'reset') {
      global = null;
      return;
    }
    if (action !== undefined && action !== 'repeat') {
      findings.push(label(finding('invalid_action', 'action', `action must be global, reset or repeat, not ${JSON.stringify(action)}`)));
      return;
    }
    if (action === 'repeat' && !previous) {
      findings.push(label(finding('invalid_action', 'action', 'action: repeat needs a document before it')));
      return;
    }
    const base = action === 'repeat' ? previous : global;
    const doc = base ? deepMerge(base, rest) : rest;
    previous = doc;
    documents.push(doc);
    findings.push(...validateAnyDocument(doc).map(label));
  });
  if (documents.length === 0 && findings.length === 0) {
    findings.push(finding('invalid_action', 'action', 'the file holds only action documents and no rule'));
  }
  return { valid: !hasErrors(findings), findings, documents };
}

/** Validates one document by its kind. */
export function validateAnyDocument(doc: Record<string, unknown>): Finding[] {
  if ('correlation' in doc) return validateCorrelationDocument(doc);
  if ('filter' in doc) return validateFilterDocument(doc);
  return validateDocument(doc).findings;
}

function deepMerge(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return merged;
}
