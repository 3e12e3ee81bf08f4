import { DUMP_SCHEMA, dump, Schema, timestampTag } from 'js-yaml';

/**
 * What the rendered text is read with decides what must be quoted. pySigma and most Sigma tooling read YAML 1.1
 * (PyYAML), where a plain `No`, `on` or `y` is a boolean and `012` an octal; we read YAML 1.2's core schema. The
 * dumper's compatibility schema quotes every string either would read as something else; only timestamps are left
 * out, so `date: 2026-01-31` stays unquoted as SigmaHQ writes it (both read it back as that date or that string).
 */
const PORTABLE_SCHEMA = new Schema(DUMP_SCHEMA.tags.filter((tag) => tag !== timestampTag));

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
  return dump(ordered, { lineWidth: -1, noRefs: true, schema: PORTABLE_SCHEMA });
}
