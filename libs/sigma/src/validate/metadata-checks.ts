import { finding, type Finding } from '../findings';
import { isPlainObject } from '../parse/parse-rule';
import { checkTags } from './tag-checks';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(0[1-9]|1[012])-(0[1-9]|[12]\d|3[01])$/;
export const STATUSES = ['stable', 'test', 'experimental', 'deprecated', 'unsupported'] as const;
export const LEVELS = ['informational', 'low', 'medium', 'high', 'critical'] as const;
const RELATED_TYPES = ['derived', 'obsolete', 'merged', 'renamed', 'similar'];
const STRING_FIELDS = ['description', 'author', 'license', 'taxonomy', 'name'];
const STRING_LIST_FIELDS = ['references', 'falsepositives', 'fields', 'tags', 'scope'];
/** The specification's keys plus the two SigmaHQ adds to its own rules. */
const KNOWN_KEYS = new Set([
  'title',
  'id',
  'related',
  'name',
  'taxonomy',
  'status',
  'description',
  'license',
  'author',
  'references',
  'date',
  'modified',
  'logsource',
  'detection',
  'fields',
  'falsepositives',
  'level',
  'tags',
  'scope',
  'simulation',
  'regression_tests_path',
]);

/** The kinds of Sigma document: a detection rule, a correlation rule, a filter. */
export type DocumentKind = 'rule' | 'correlation' | 'filter';

const KIND_KEYS: Record<DocumentKind, readonly string[]> = { rule: [], correlation: ['correlation', 'generate'], filter: ['filter'] };

/** Everything outside `detection`: required fields, types, enumerations, dates, tags. */
export function checkMetadata(doc: Record<string, unknown>, kind: DocumentKind = 'rule'): Finding[] {
  const findings: Finding[] = [];
  const add = (f: Finding): void => void findings.push(f);

  if (!('title' in doc)) add(finding('missing_field', 'title', 'title is required'));
  else if (typeof doc.title !== 'string' || doc.title.trim() === '')
    add(finding('field_type', 'title', 'title must be a non-empty string'));
  else if (doc.title.length > 256) add(finding('title_too_long', 'title', `title has ${doc.title.length} characters; at most 256`));

  if ('id' in doc && (typeof doc.id !== 'string' || !UUID.test(doc.id)))
    add(finding('invalid_id', 'id', `id ${JSON.stringify(doc.id)} is not a UUID`));
  if ('status' in doc && !(STATUSES as readonly unknown[]).includes(doc.status)) {
    add(finding('invalid_status', 'status', `status must be one of ${STATUSES.join(', ')}`));
  }
  if ('level' in doc && !(LEVELS as readonly unknown[]).includes(doc.level)) {
    add(finding('invalid_level', 'level', `level must be one of ${LEVELS.join(', ')}`));
  }
  for (const key of ['date', 'modified']) {
    if (key in doc && !isValidDate(doc[key])) add(finding('invalid_date', key, `${key} must be a real date written YYYY-MM-DD`));
  }
  if ('related' in doc) findings.push(...checkRelated(doc.related));
  if (typeof doc.name === 'string' && doc.name.trim() === '') add(finding('field_type', 'name', 'name must not be empty'));
  for (const key of STRING_FIELDS) {
    if (key in doc && typeof doc[key] !== 'string') add(finding('field_type', key, `${key} must be a string`));
  }
  for (const key of STRING_LIST_FIELDS) {
    if (!(key in doc)) continue;
    const value = doc[key];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      add(finding('field_type', key, `${key} must be a list of strings`));
    }
  }
  if (Array.isArray(doc.tags)) findings.push(...checkTags(doc.tags.filter((t): t is string => typeof t === 'string')));
  if (Array.isArray(doc.references)) findings.push(...duplicates(doc.references, 'references'));

  // A correlation rule reads the events of the rules it names, so it has no logsource of its own.
  if (!('logsource' in doc)) {
    if (kind !== 'correlation') add(finding('missing_field', 'logsource', 'logsource is required'));
  } else if (!isPlainObject(doc.logsource)) add(finding('field_type', 'logsource', 'logsource must be a mapping'));
  else {
    for (const [key, value] of Object.entries(doc.logsource)) {
      if (typeof value !== 'string') add(finding('field_type', `logsource.${key}`, `logsource.${key} must be a string`));
    }
  }
  for (const key of Object.keys(doc)) {
    if (!KNOWN_KEYS.has(key) && !KIND_KEYS[kind].includes(key))
      add(finding('unknown_top_level_key', key, `${key} is not a Sigma ${kind} field`));
  }
  return findings;
}

function isValidDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return date.getUTCDate() === Number(match[3]);
}

function checkRelated(related: unknown): Finding[] {
  if (!Array.isArray(related)) return [finding('invalid_related', 'related', 'related must be a list of {id, type}')];
  const findings: Finding[] = [];
  related.forEach((entry, index) => {
    const path = `related.${index}`;
    if (!isPlainObject(entry)) findings.push(finding('invalid_related', path, 'each related entry must be a mapping with id and type'));
    else {
      if (typeof entry.id !== 'string' || !UUID.test(entry.id))
        findings.push(finding('invalid_related', `${path}.id`, 'related id must be a UUID'));
      if (!RELATED_TYPES.includes(entry.type as string)) {
        findings.push(finding('invalid_related', `${path}.type`, `related type must be one of ${RELATED_TYPES.join(', ')}`));
      }
    }
  });
  return findings;
}

function duplicates(values: unknown[], key: string): Finding[] {
  const seen = new Set<unknown>();
  const findings: Finding[] = [];
  values.forEach((value, index) => {
    if (seen.has(value)) findings.push(finding('duplicate_reference', `${key}.${index}`, `${String(value)} appears more than once`));
    seen.add(value);
  });
  return findings;
}
