import type { ConditionNode } from '../condition/parse-condition';
import { expandPattern } from '../condition/parse-condition';
import type { DetectionItem, SearchIdentifier } from '../detection/search-identifiers';
import { fieldNames, lookupField, type SigmaEvent } from './event-fields';
import { textOf } from './compile-item';
import { wildcardPieces } from './wildcard';

/**
 * Keys a rule needs at least one of to be able to match: `field` (the field is present) or
 * `field\0word` (the field's text holds that lower-case word). null means "always evaluate".
 * They are necessary conditions only: the compiled matcher still decides.
 */
export type Triggers = ReadonlySet<string> | null;

const SEPARATOR = '\u0000';
const WORD = /[a-z0-9]+/g;

/** The triggers of a rule from its search identifiers and condition trees (ORed when a list). */
export function ruleTriggers(identifiers: readonly SearchIdentifier[], trees: readonly ConditionNode[]): Triggers {
  const byName = new Map(identifiers.map((identifier) => [identifier.name, identifierTriggers(identifier)]));
  const names = identifiers.map((identifier) => identifier.name);
  return union(trees.map((tree) => nodeTriggers(tree, names, byName)));
}

/** The keys an event offers: every field present and every word of its text. */
export function eventKeys(event: SigmaEvent): Set<string> {
  const keys = new Set<string>();
  for (const name of fieldNames(event)) {
    keys.add(name);
    for (const value of lookupField(event, name).values) {
      const text = textOf(value);
      if (text === null) continue;
      for (const [word] of text.toLowerCase().matchAll(WORD)) keys.add(`${name}${SEPARATOR}${word}`);
    }
  }
  return keys;
}

function nodeTriggers(node: ConditionNode, names: readonly string[], byName: ReadonlyMap<string, Triggers>): Triggers {
  switch (node.kind) {
    case 'ref':
      return byName.get(node.name) ?? null;
    case 'not':
      return null;
    case 'or':
      return union(node.children.map((child) => nodeTriggers(child, names, byName)));
    case 'and':
      return narrowest(node.children.map((child) => nodeTriggers(child, names, byName)));
    case 'of': {
      const selected = expandPattern(node.pattern, names).map((name) => byName.get(name) ?? null);
      if (selected.length === 0) return null;
      return node.quantifier === 'all' ? narrowest(selected) : union(selected);
    }
  }
}

function identifierTriggers(identifier: SearchIdentifier): Triggers {
  return union(identifier.alternatives.map((items) => narrowest(items.map(itemTriggers))));
}

function itemTriggers(item: DetectionItem): Triggers {
  const field = item.field;
  if (field === null || item.values.length === 0) return null;
  const modifiers = item.modifiers.map((modifier) => modifier.toLowerCase());
  const has = (name: string): boolean => modifiers.includes(name);
  if (has('exists')) return item.values[0] === true || String(item.values[0]).toLowerCase() === 'true' ? new Set([field]) : null;
  if (has('neq') || has('fieldref')) return new Set([field]);
  if (item.values.some((value) => value === null)) return null;
  const textual = !['re', 'cidr', 'lt', 'lte', 'gt', 'gte', 'minute', 'hour', 'day', 'week', 'month', 'year', 'expand', 'base64', 'base64offset', 'wide', 'utf16', 'utf16le', 'utf16be'].some(has);
  const anchoring = has('contains') ? 'contains' : has('startswith') ? 'startswith' : has('endswith') ? 'endswith' : 'exact';
  const perValue = item.values.map((value): Triggers => {
    const word = textual && typeof value === 'string' ? safeWord(value, anchoring) : null;
    return new Set([word ? `${field}${SEPARATOR}${word}` : field]);
  });
  return has('all') ? narrowest(perValue) : union(perValue);
}

/**
 * The longest word of the value that any matching text must contain as a whole word: bounded on
 * both sides by a non-word character of the value, or by an anchored end. Wildcards bound nothing.
 */
function safeWord(value: string, anchoring: string): string | null {
  const pieces = wildcardPieces(value);
  let best: string | null = null;
  pieces.forEach((piece, index) => {
    if (piece.kind !== 'text') return;
    const text = piece.text.toLowerCase();
    const leftAnchored = index === 0 && (anchoring === 'exact' || anchoring === 'startswith');
    const rightAnchored = index === pieces.length - 1 && (anchoring === 'exact' || anchoring === 'endswith');
    for (const match of text.matchAll(WORD)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      const leftOk = start > 0 || leftAnchored;
      const rightOk = end < text.length || rightAnchored;
      if (leftOk && rightOk && (!best || match[0].length > best.length)) best = match[0];
    }
  });
  return best;
}

function union(parts: readonly Triggers[]): Triggers {
  if (parts.length === 0 || parts.some((part) => part === null)) return null;
  const merged = new Set<string>();
  for (const part of parts as ReadonlySet<string>[]) part.forEach((key) => merged.add(key));
  // A field-presence key subsumes the word keys of the same field.
  for (const key of merged) {
    const separator = key.indexOf(SEPARATOR);
    if (separator > 0 && merged.has(key.slice(0, separator))) merged.delete(key);
  }
  return merged;
}

/** Of conjuncts, the one whose keys are most selective: word keys over presence keys, then fewer keys. */
function narrowest(parts: readonly Triggers[]): Triggers {
  const known = parts.filter((part): part is ReadonlySet<string> => part !== null);
  if (known.length === 0) return null;
  const cost = (part: ReadonlySet<string>): number =>
    [...part].reduce((sum, key) => sum + (key.includes(SEPARATOR) ? 1 : 50), 0);
  return known.reduce((best, part) => (cost(part) < cost(best) ? part : best));
}
