import { isPlainObject } from '../parse/parse-rule';
import { parseFieldSpec } from '../pipeline/modifiers';

export type SigmaScalar = string | number | boolean | null;

/** One `field|modifiers: values` entry; `values` are OR-ed unless the chain has `all`. */
export interface DetectionItem {
  /** Path of the key inside the rule, e.g. `detection.selection.CommandLine|contains`. */
  path: string;
  field: string | null;
  modifiers: string[];
  values: SigmaScalar[];
  /** The value was written as a list (needed by the `all` rule). */
  listValue: boolean;
}

/** A search identifier as alternatives (OR) of item groups (AND). A keyword list is one group per value. */
export interface SearchIdentifier {
  name: string;
  alternatives: DetectionItem[][];
  /** Shape problems found while reading it (reported by the validator). */
  problems: Array<{ path: string; message: string }>;
}

/** Reads every search identifier of `detection` (all keys except `condition`, `timeframe`). */
export function readSearchIdentifiers(detection: Record<string, unknown>): SearchIdentifier[] {
  return Object.entries(detection)
    .filter(([name]) => name !== 'condition' && name !== 'timeframe')
    .map(([name, body]) => readSearchIdentifier(name, body));
}

function readSearchIdentifier(name: string, body: unknown): SearchIdentifier {
  const base = `detection.${name}`;
  const identifier: SearchIdentifier = { name, alternatives: [], problems: [] };
  if (isPlainObject(body)) {
    identifier.alternatives.push(readMap(body, base, identifier));
  } else if (Array.isArray(body)) {
    if (body.length === 0) identifier.problems.push({ path: base, message: `Search identifier ${name} is an empty list` });
    body.forEach((entry, index) => {
      const path = `${base}.${index}`;
      if (isPlainObject(entry)) identifier.alternatives.push(readMap(entry, path, identifier));
      else if (isScalar(entry)) identifier.alternatives.push([{ path, field: null, modifiers: [], values: [entry], listValue: false }]);
      else identifier.problems.push({ path, message: 'A list item must be a value or a field mapping' });
    });
  } else {
    identifier.problems.push({ path: base, message: `Search identifier ${name} must be a mapping or a list` });
  }
  return identifier;
}

function readMap(map: Record<string, unknown>, base: string, identifier: SearchIdentifier): DetectionItem[] {
  const items: DetectionItem[] = [];
  if (Object.keys(map).length === 0) identifier.problems.push({ path: base, message: 'An empty field mapping matches nothing' });
  for (const [key, raw] of Object.entries(map)) {
    const path = `${base}.${key}`;
    const { field, modifiers } = parseFieldSpec(key);
    const listValue = Array.isArray(raw);
    const rawValues: unknown[] = listValue ? (raw as unknown[]) : [raw];
    const values: SigmaScalar[] = [];
    for (const value of rawValues) {
      if (isScalar(value)) values.push(value);
      else identifier.problems.push({ path, message: 'Field values must be strings, numbers, booleans or null' });
    }
    if (listValue && rawValues.length === 0) identifier.problems.push({ path, message: 'An empty value list matches nothing' });
    items.push({ path, field, modifiers, values, listValue });
  }
  return items;
}

function isScalar(value: unknown): value is SigmaScalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
