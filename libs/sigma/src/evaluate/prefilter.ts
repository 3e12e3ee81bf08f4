import type { ConditionNode } from '../condition/parse-condition';
import { expandPattern } from '../condition/parse-condition';
import type { DetectionItem, SearchIdentifier } from '../detection/search-identifiers';
import { encodedForms } from './compile-item';
import { requiredRegexLiteral } from './regex-literal';
import { wildcardPieces } from './wildcard';

/**
 * One way a rule can begin to match: the field's text holds `literal` (lower case); with `number`,
 * the field reads as that number; with neither (`literal` empty), the field is present. The field
 * KEYWORDS stands for any text of the event.
 */
export interface Trigger {
  field: string;
  literal: string;
  number?: number;
}

export const KEYWORDS = '\u0000keywords';

/**
 * What a rule cannot match without: at least one of its triggers holds. null means "always
 * evaluate". Triggers are necessary conditions only: the compiled matcher still decides.
 */
export type Triggers = readonly Trigger[] | null;

/** Modifiers whose values are not the event's text as written (encoded, compared, expanded...). */
const OPAQUE = new Set(['cidr', 'lt', 'lte', 'gt', 'gte', 'minute', 'hour', 'day', 'week', 'month', 'year', 'expand']);
const ENCODING = new Set(['base64', 'base64offset', 'wide', 'utf16', 'utf16le', 'utf16be']);
const DASHES = /[-/\u2013\u2014\u2015]/;

/**
 * Text so common in Windows telemetry that a rule keyed on it would be tried on most events: a
 * literal inside one of these is a poor key, whatever its length.
 */
const COMMON_TEXT = [
  'c:\\windows\\system32\\',
  'c:\\windows\\syswow64\\',
  'c:\\program files (x86)\\',
  'c:\\programdata\\',
  'c:\\users\\',
  '\\appdata\\local\\temp\\',
  '\\appdata\\roaming\\',
  'hklm\\software\\microsoft\\windows\\currentversion\\',
  'hku\\',
  '\\software\\microsoft\\windows nt\\currentversion\\',
  'powershell.exe',
  'cmd.exe',
  'rundll32.exe',
  'svchost.exe',
  'nt authority\\system',
  '.exe',
  '.dll',
];

/** The triggers of a rule from its search identifiers and condition trees (ORed when a list). */
export function ruleTriggers(identifiers: readonly SearchIdentifier[], trees: readonly ConditionNode[]): Triggers {
  const byName = new Map(identifiers.map((identifier) => [identifier.name, identifierTriggers(identifier)]));
  const names = identifiers.map((identifier) => identifier.name);
  return union(trees.map((tree) => nodeTriggers(tree, names, byName)));
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
      // `N of` with N > 1 still needs at least one of them.
      return node.quantifier === 'all' ? narrowest(selected) : union(selected);
    }
  }
}

function identifierTriggers(identifier: SearchIdentifier): Triggers {
  return union(identifier.alternatives.map((items) => narrowest(items.map(itemTriggers))));
}

const STRING_MODIFIERS = ['contains', 'startswith', 'endswith', 'windash', 'cased'];

function itemTriggers(item: DetectionItem): Triggers {
  const field = item.field ?? KEYWORDS;
  if (item.values.length === 0) return null;
  const modifiers = item.modifiers.map((modifier) => modifier.toLowerCase());
  const has = (name: string): boolean => modifiers.includes(name);
  // Keywords search text: with nothing to key on they must always run.
  const presence: Triggers = item.field === null ? null : [{ field, literal: '' }];
  if (has('exists')) return item.values[0] === true || String(item.values[0]).toLowerCase() === 'true' ? presence : null;
  if (has('neq') || has('fieldref')) return presence;
  if (item.values.some((value) => value === null)) return null;
  if (modifiers.some((modifier) => OPAQUE.has(modifier))) return presence;
  const encoded = modifiers.some((modifier) => ENCODING.has(modifier));
  const textual = item.field === null || encoded || STRING_MODIFIERS.some(has) || has('re');
  const perValue = item.values.map((value): Triggers => {
    if (typeof value === 'number' && !textual) return [{ field, literal: '', number: value }];
    if (typeof value === 'boolean') return presence;
    const text = String(value);
    if (encoded) {
      // Any matching text holds one of the encoded forms (base64offset: one per alignment).
      const forms = encodedForms(text, modifiers).map((form) => form.toLowerCase());
      return forms.every((form) => form.length >= 4) ? forms.map((literal) => ({ field, literal })) : presence;
    }
    const literal = has('re') ? requiredRegexLiteral(text) : bestLiteral(text, has('windash'));
    return literal && (literal.length >= 2 || literal.charCodeAt(0) > 127) ? [{ field, literal }] : presence;
  });
  return has('all') ? narrowest(perValue) : union(perValue);
}

/** The most telling run of plain text any matching value must contain (lower case), or null. */
function bestLiteral(value: string, windash: boolean): string | null {
  let best: string | null = null;
  for (const piece of wildcardPieces(value)) {
    if (piece.kind !== 'text') continue;
    for (const part of windash ? piece.text.split(DASHES) : [piece.text]) {
      const literal = part.toLowerCase();
      if (literal && (best === null || literalCost(literal) < literalCost(best))) best = literal;
    }
  }
  return best;
}

/** How likely a literal is to occur in an event (lower is more selective). */
function literalCost(literal: string, number?: number): number {
  if (number !== undefined) return 0.05;
  if (literal === '') return 1;
  const base = 1 / (1 + literal.length ** 1.5);
  return COMMON_TEXT.some((common) => common.includes(literal)) ? Math.max(base, 0.5) : base;
}

function triggersCost(triggers: readonly Trigger[]): number {
  return triggers.reduce((sum, trigger) => sum + literalCost(trigger.literal, trigger.number), 0);
}

function union(parts: readonly Triggers[]): Triggers {
  if (parts.length === 0 || parts.some((part) => part === null)) return null;
  const present = new Set<string>();
  const byKey = new Map<string, Trigger>();
  for (const part of parts as ReadonlyArray<readonly Trigger[]>) {
    for (const trigger of part) {
      if (trigger.literal === '' && trigger.number === undefined) present.add(trigger.field);
      byKey.set(`${trigger.field}\u0000${trigger.literal}\u0000${trigger.number ?? ''}`, trigger);
    }
  }
  // A field-presence trigger subsumes the other triggers of the same field.
  return [...byKey.values()].filter((trigger) => (trigger.literal === '' && trigger.number === undefined) || !present.has(trigger.field));
}

/** Of conjuncts, the one whose triggers are least likely to fire. */
function narrowest(parts: readonly Triggers[]): Triggers {
  const known = parts.filter((part): part is readonly Trigger[] => part !== null);
  if (known.length === 0) return null;
  return known.reduce((best, part) => (triggersCost(part) < triggersCost(best) ? part : best));
}
