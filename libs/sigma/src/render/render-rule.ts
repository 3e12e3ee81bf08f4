import { CORE_SCHEMA, dump } from 'js-yaml';

/** SigmaHQ's conventional key order; other keys follow in their original order. */
const KEY_ORDER = [
  'title',
  'id',
  'related',
  'name',
  'taxonomy',
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
  'scope',
  'license',
];

/** Renders a rule mapping as YAML in the conventional key order (strings quoted only where YAML needs it). */
export function renderRule(doc: Record<string, unknown>): string {
  const ordered: Record<string, unknown> = {};
  for (const key of KEY_ORDER) if (key in doc) ordered[key] = doc[key];
  for (const [key, value] of Object.entries(doc)) if (!(key in ordered)) ordered[key] = value;
  // CORE schema, as when parsing: `2026-01-31` stays an unquoted date-looking string.
  return dump(ordered, { lineWidth: -1, noRefs: true, schema: CORE_SCHEMA });
}
