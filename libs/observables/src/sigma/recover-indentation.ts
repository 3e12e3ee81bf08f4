import { load } from 'js-yaml';

/**
 * Re-indents a Sigma rule whose indentation was lost in HTML extraction (every line at column 0).
 * Sigma's structure makes most rules recoverable: top-level keys are a fixed set, logsource holds
 * category/product/service/definition, search identifiers are the names the condition uses, and
 * any other key under detection is a field of the current identifier. Anything that does not fit
 * (an unknown top-level key, a field before any identifier, a condition naming no identifier...)
 * makes the rule ambiguous and recovery returns null rather than guess.
 */

const TOP_KEYS = new Set([
  'title',
  'id',
  'related',
  'status',
  'description',
  'references',
  'author',
  'date',
  'modified',
  'tags',
  'logsource',
  'detection',
  'fields',
  'falsepositives',
  'level',
  'license',
  'name',
  'taxonomy',
  'scope',
]);
// Keys that may follow detection; a detection field is never written in lower case with these names.
const AFTER_DETECTION = new Set([
  'fields',
  'falsepositives',
  'level',
  'tags',
  'status',
  'references',
  'author',
  'date',
  'modified',
  'license',
  'related',
  'scope',
]);
const LOGSOURCE_KEYS = new Set(['category', 'product', 'service', 'definition']);
const LIST_KEYS = new Set(['tags', 'references', 'falsepositives', 'fields', 'scope']);
const CONDITION_WORDS = new Set(['and', 'or', 'not', 'of', 'all', 'them', 'any', '1', 'count', 'by', 'near', 'min', 'max', 'avg', 'sum']);

const KEY_LINE = /^([A-Za-z0-9_.|-]+(?:\|[A-Za-z0-9_]+)*)\s*:(?:\s+(.*))?$/;

export function recoverIndentation(text: string): string | null {
  const lines = text.split('\n').map((l) => l.trimEnd());
  if (lines.some((l) => /^\s+\S/.test(l))) return null; // some indentation survived: not a flattened rule
  const identifiers = conditionIdentifiers(lines);
  if (!identifiers) return null;

  const out: string[] = [];
  let context = '';
  let multiline = false; // inside a "description: |" block
  let ident: string | null = null;
  let field: string | null = null;
  let mapList = false;

  for (const line of lines) {
    if (!line.trim()) continue;
    const key = KEY_LINE.exec(line);
    const keyName = key?.[1] ?? '';
    const isTop = !!key && TOP_KEYS.has(keyName) && (context !== 'detection' || AFTER_DETECTION.has(keyName));
    if (isTop) {
      out.push(line);
      context = keyName;
      multiline = /^[|>][-+]?$/.test(key?.[2] ?? '');
      ident = field = null;
      mapList = false;
      continue;
    }
    if (multiline) {
      out.push(`    ${line}`);
      continue;
    }
    const item = /^-\s*(.*)$/.exec(line);
    if (context === 'logsource') {
      if (!key || !LOGSOURCE_KEYS.has(keyName)) return null;
      out.push(`    ${line}`);
    } else if (LIST_KEYS.has(context)) {
      if (!item) return null;
      out.push(`    ${line}`);
    } else if (context === 'related') {
      if (item) out.push(`    ${line}`);
      else if (key) out.push(`      ${line}`);
      else return null;
    } else if (context === 'detection') {
      if (key && (keyName === 'condition' || keyName === 'timeframe')) {
        out.push(`    ${line}`);
        ident = field = null;
      } else if (key && matchesIdentifier(keyName, identifiers)) {
        out.push(`    ${line}`);
        ident = keyName;
        field = null;
        mapList = false;
      } else if (item && ident) {
        const itemKey = KEY_LINE.exec(item[1]);
        if (field) out.push(`            ${line}`);
        else {
          out.push(`        ${line}`);
          mapList = !!itemKey;
          if (itemKey && !itemKey[2]) field = itemKey[1];
        }
      } else if (key && ident) {
        out.push(mapList ? `          ${line}` : `        ${line}`);
        field = key[2] ? null : keyName;
      } else return null;
    } else return null;
  }
  const recovered = `${out.join('\n')}\n`;
  return isRuleShaped(recovered) ? recovered : null;
}

function conditionIdentifiers(lines: string[]): RegExp[] | null {
  const conditionLine = lines.find((l) => /^condition\s*:\s*\S/.test(l));
  if (!conditionLine) return null;
  const condition = conditionLine.replace(/^condition\s*:\s*/, '').replace(/\|.*$/, '');
  const names = condition
    .replace(/[()]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !CONDITION_WORDS.has(w.toLowerCase()) && /^[\w*]+$/.test(w));
  if (names.length === 0) return null;
  return names.map((n) => new RegExp(`^${n.replace(/\*/g, '\\w*')}$`));
}

function matchesIdentifier(name: string, identifiers: RegExp[]): boolean {
  return identifiers.some((re) => re.test(name));
}

function isRuleShaped(yamlText: string): boolean {
  try {
    const doc = load(yamlText) as Record<string, unknown> | null;
    if (!doc || typeof doc !== 'object') return false;
    const detection = doc['detection'] as Record<string, unknown> | undefined;
    return (
      typeof doc['title'] === 'string' &&
      !!doc['logsource'] &&
      typeof doc['logsource'] === 'object' &&
      !!detection &&
      typeof detection === 'object' &&
      'condition' in detection
    );
  } catch {
    return false;
  }
}
