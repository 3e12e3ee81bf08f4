import type { DetectionItem, SigmaScalar } from '../detection/search-identifiers';
import { compileSigmaRegex } from '../detection/sigma-regex';
import { parseCidr, type CidrTest } from '../detection/cidr';
import { regexMinLength } from './regex-length';
import { requiredRegexLiteral } from './regex-literal';
import { eventTexts, lookupField, type SigmaEvent } from './event-fields';
import { base64, base64OffsetVariants, base64Prefix, encodeText, type TextEncoding } from './value-encodings';
import { anyNeedle } from './needle-set';
import { compilePattern, foldCase, unescapedText, wildcardPieces, type Anchoring, type TextTest } from './wildcard';

export type EventTest = (event: SigmaEvent) => boolean;

export interface MatchOptions {
  /** Values for `%name%` placeholders of `|expand`; any one of a name's values may match. */
  placeholders?: Readonly<Record<string, readonly string[]>>;
}

/** A rule the engine cannot run (a modifier it does not know, a regex JavaScript refuses, …). */
export class RuleCompileError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'RuleCompileError';
  }
}

/** A test of one value of the event; `lower` is its text lower-cased (null when it has no text), folded once for all the tests of an item. */
type ValueTest = (value: unknown, lower: string | null) => boolean;

const TIME_PARTS = new Set(['minute', 'hour', 'day', 'week', 'month', 'year']);
const COMPARISONS = new Set(['lt', 'lte', 'gt', 'gte']);
const ENCODINGS: Record<string, TextEncoding> = { wide: 'utf16le', utf16le: 'utf16le', utf16be: 'utf16be', utf16: 'utf16' };

/** Compiles one `field|modifiers: values` entry into a test over events. */
export function compileItem(item: DetectionItem, options: MatchOptions = {}): EventTest {
  const modifiers = item.modifiers.map((modifier) => modifier.toLowerCase());
  const has = (name: string): boolean => modifiers.includes(name);
  const field = item.field;

  if (has('exists')) {
    const wanted = item.values[0] !== false && String(item.values[0]).toLowerCase() !== 'false';
    if (field === null) throw new RuleCompileError('|exists needs a field', item.path);
    return (event) => lookupField(event, field).present === wanted;
  }
  if (has('fieldref')) {
    if (field === null) throw new RuleCompileError('|fieldref needs a field', item.path);
    return compileFieldref(field, item, modifiers);
  }

  // A keyword is a substring of the event's text unless its modifiers anchor it.
  const anchored = ['contains', 'startswith', 'endswith', 're'].some(has);
  const valueModifiers = field === null && !anchored ? [...modifiers, 'contains'] : modifiers;
  const all = has('all');
  const valueTests = compileValues(item.values, valueModifiers, item.path, options);
  const lowerOf = (value: unknown): string | null => {
    const text = textOf(value);
    return text === null ? null : foldCase(text);
  };
  // Loops rather than some/every with closures: these run for every candidate rule on every event.
  const matchOne = (value: unknown): boolean => {
    const lower = lowerOf(value);
    for (let i = 0; i < valueTests.length; i++) {
      if ((valueTests[i] as ValueTest)(value, lower) !== all) return !all;
    }
    return all;
  };
  const matchValues = (values: readonly unknown[]): boolean => {
    if (values.length === 1) return matchOne(values[0]);
    const lowers = values.map(lowerOf);
    for (let t = 0; t < valueTests.length; t++) {
      const test = valueTests[t] as ValueTest;
      let holds = false;
      for (let v = 0; v < values.length && !holds; v++) holds = test(values[v], lowers[v] as string | null);
      if (holds !== all) return holds;
    }
    return all;
  };

  if (field === null) {
    // Keywords: a substring of any text anywhere in the event.
    return (event) => matchValues(eventTexts(event));
  }
  const nullWanted = !has('neq') && item.values.some((value) => value === null);
  const base: EventTest = (event) => {
    // The common case, a field holding one value, without the lookup's allocations.
    if (Object.hasOwn(event, field)) {
      const value = event[field];
      if (!Array.isArray(value)) return matchOne(value);
    }
    const { present, values } = lookupField(event, field);
    if (!present) return nullWanted;
    return matchValues(values);
  };
  if (!has('neq')) return base;
  return (event) => lookupField(event, field).present && !base(event);
}

const PLAIN_MODIFIERS = new Set(['contains', 'startswith', 'endswith']);

/** Where a value must sit in the field, by its modifiers (contains wins over startswith over endswith). */
function anchoringOf(modifiers: readonly string[]): Anchoring {
  if (modifiers.includes('contains')) return 'contains';
  if (modifiers.includes('startswith')) return 'startswith';
  return modifiers.includes('endswith') ? 'endswith' : 'exact';
}

/**
 * The tests of an item's values, any of which may match. Plain texts (no wildcard inside, compared
 * without case) are grouped by where they must sit into one test each (see anyNeedle): a long list
 * of paths or command-line fragments costs one lookup, trie walk or scan rather than a test per value.
 * Under `|all` every value must match on its own: each keeps its test.
 */
function compileValues(values: readonly SigmaScalar[], modifiers: readonly string[], path: string, options: MatchOptions): ValueTest[] {
  if (!modifiers.every((modifier) => PLAIN_MODIFIERS.has(modifier)))
    return values.map((value) => compileValue(value, modifiers, path, options));
  const anchoring = anchoringOf(modifiers);
  const tests: ValueTest[] = [];
  const groups = new Map<Anchoring, string[]>();
  for (const value of values) {
    const plain = typeof value === 'string' ? plainText(value, anchoring) : null;
    if (!plain) tests.push(compileValue(value, modifiers, path, options));
    else groups.set(plain.anchoring, [...(groups.get(plain.anchoring) ?? []), plain.needle]);
  }
  const grouped = [...groups].map(([where, needles]): ValueTest => {
    const test = anyNeedle(needles, where);
    return (_value, lower) => lower !== null && test(lower);
  });
  return [...grouped, ...tests];
}

/** A value that is one run of text once its leading and trailing `*` lift its anchors (lower case), with where it must sit; else null. */
function plainText(value: string, anchoring: Anchoring): { needle: string; anchoring: Anchoring } | null {
  const pieces = wildcardPieces(value);
  let start = anchoring === 'exact' || anchoring === 'startswith';
  let end = anchoring === 'exact' || anchoring === 'endswith';
  let first = 0;
  let last = pieces.length;
  while (first < last && pieces[first]?.kind === 'any') {
    first++;
    start = false;
  }
  while (last > first && pieces[last - 1]?.kind === 'any') {
    last--;
    end = false;
  }
  const piece = pieces[first];
  if (last - first !== 1 || piece?.kind !== 'text') return null;
  return { needle: piece.text.toLowerCase(), anchoring: start && end ? 'exact' : start ? 'startswith' : end ? 'endswith' : 'contains' };
}

function compileValue(raw: SigmaScalar, modifiers: readonly string[], path: string, options: MatchOptions): ValueTest {
  const has = (name: string): boolean => modifiers.includes(name);
  if (raw === null) return (value) => value === null;

  const timePart = modifiers.find((modifier) => TIME_PARTS.has(modifier));
  const comparison = modifiers.find((modifier) => COMPARISONS.has(modifier));
  if (timePart || comparison) {
    const bound = typeof raw === 'number' ? raw : Number(raw);
    if (typeof raw === 'boolean' || Number.isNaN(bound)) throw new RuleCompileError(`|${comparison ?? timePart} needs a number`, path);
    const read = timePart ? (value: unknown) => timeComponent(value, timePart) : numericValue;
    return (value) => {
      const number = read(value);
      return number !== null && compareNumbers(number, bound, comparison ?? 'eq');
    };
  }
  if (has('cidr')) {
    const inRange: CidrTest | null = parseCidr(String(raw));
    if (!inRange) throw new RuleCompileError(`'${String(raw)}' is not a CIDR network`, path);
    return (value) => typeof value === 'string' && inRange(value);
  }
  if (has('re')) {
    const flags = modifiers.filter((modifier) => modifier === 'i' || modifier === 'm' || modifier === 's');
    const compiled = compileSigmaRegex(String(raw), flags);
    if (!compiled.ok) throw new RuleCompileError(`the regular expression does not compile: ${compiled.error}`, path);
    const regex = compiled.regex;
    const least = regexMinLength(regex.source);
    // Text every match holds (ASCII, lower case): a search for it rules most values out faster than the regex.
    const needed = requiredRegexLiteral(String(raw)) ?? '';
    return (value, lower) => {
      const text = textOf(value);
      if (text === null || text.length < least) return false;
      if (needed !== '' && !(lower ?? foldCase(text)).includes(needed)) return false;
      return regex.test(text);
    };
  }

  const stringModifier = modifiers.some((modifier) =>
    ['contains', 'startswith', 'endswith', 'windash', 'expand', 'base64', 'base64offset', 'cased', ...Object.keys(ENCODINGS)].includes(
      modifier,
    ),
  );
  if (typeof raw === 'number' && !stringModifier) {
    const text = compilePattern(String(raw), { anchoring: 'exact', caseSensitive: true, literal: true });
    return (value) =>
      typeof value === 'number' ? value === raw : typeof value === 'string' && (numericValue(value) === raw || text(value, value));
  }
  if (typeof raw === 'boolean' && !stringModifier) {
    return (value) => value === raw || (typeof value === 'string' && value.toLowerCase() === String(raw));
  }
  const tests = textTests(String(raw), modifiers, options);
  if (tests.length === 1) {
    const test = tests[0] as TextTest;
    return (value, lower) => {
      const text = textOf(value);
      return text !== null && test(text, lower ?? foldCase(text));
    };
  }
  return (value, lower) => {
    const text = textOf(value);
    if (text === null) return false;
    const folded = lower ?? foldCase(text);
    for (let i = 0; i < tests.length; i++) if ((tests[i] as TextTest)(text, folded)) return true;
    return false;
  };
}

function textTests(value: string, modifiers: readonly string[], options: MatchOptions): TextTest[] {
  const has = (name: string): boolean => modifiers.includes(name);
  const anchoring = anchoringOf(modifiers);
  const expanded = has('expand') ? expandPlaceholders(value, options.placeholders ?? {}) : [value];
  const encodingModifier = modifiers.find((modifier) => modifier in ENCODINGS);
  const base64Modifier = modifiers.find((modifier) => modifier === 'base64' || modifier === 'base64offset');
  if (encodingModifier || base64Modifier) {
    // Encoded text is compared byte for byte: base64 is case-sensitive.
    return expanded.flatMap((text) =>
      encodedForms(text, modifiers).map((form) => compilePattern(form, { anchoring, caseSensitive: true, literal: true })),
    );
  }
  return expanded.map((text) => compilePattern(text, { anchoring, caseSensitive: has('cased'), windash: has('windash') }));
}

/**
 * The text a value stands for under its encoding modifiers (`wide`/`utf16*`, `base64`,
 * `base64offset`), as it appears in the event; null when the modifiers encode nothing.
 */
export function encodedForms(text: string, modifiers: readonly string[]): string[] {
  const encodingModifier = modifiers.find((modifier) => modifier in ENCODINGS);
  const base64Modifier = modifiers.find((modifier) => modifier === 'base64' || modifier === 'base64offset');
  const open = modifiers.includes('contains') || modifiers.includes('startswith');
  const bytes = encodeText(unescapedText(text), encodingModifier ? (ENCODINGS[encodingModifier] as TextEncoding) : 'utf8');
  if (base64Modifier === 'base64offset') return base64OffsetVariants(bytes);
  if (base64Modifier === 'base64') return [open ? base64Prefix(bytes) : base64(bytes)];
  return [String.fromCharCode(...bytes)];
}

function expandPlaceholders(value: string, placeholders: Readonly<Record<string, readonly string[]>>): string[] {
  let forms = [value];
  for (const [, name] of value.matchAll(/%([^%]+)%/g)) {
    const replacements = placeholders[name as string];
    if (!replacements || replacements.length === 0) continue;
    forms = forms.flatMap((form) => replacements.map((replacement) => form.split(`%${name}%`).join(replacement)));
  }
  return forms;
}

function compileFieldref(field: string, item: DetectionItem, modifiers: readonly string[]): EventTest {
  const caseSensitive = modifiers.includes('cased');
  const anchoring = anchoringOf(modifiers);
  const references = item.values.map((value) => String(value));
  const fold = (text: string): string => (caseSensitive ? text : foldCase(text));
  const related = (left: string, right: string): boolean =>
    anchoring === 'exact'
      ? left === right
      : anchoring === 'contains'
        ? left.includes(right)
        : anchoring === 'startswith'
          ? left.startsWith(right)
          : left.endsWith(right);
  const texts = (event: SigmaEvent, name: string): string[] =>
    lookupField(event, name)
      .values.map(textOf)
      .filter((text): text is string => text !== null);
  const referenceMatches = (event: SigmaEvent, reference: string): boolean => {
    // The common case, both fields holding one value at the top level, without the lookups' allocations.
    const left = Object.hasOwn(event, field) ? event[field] : undefined;
    const right = Object.hasOwn(event, reference) ? event[reference] : undefined;
    if (left !== undefined && right !== undefined && !Array.isArray(left) && !Array.isArray(right)) {
      const leftText = textOf(left);
      const rightText = textOf(right);
      return leftText !== null && rightText !== null && related(fold(leftText), fold(rightText));
    }
    const other = texts(event, reference);
    return texts(event, field).some((own) => other.some((theirs) => related(fold(own), fold(theirs))));
  };
  const all = modifiers.includes('all');
  return (event) => {
    for (let i = 0; i < references.length; i++) if (referenceMatches(event, references[i] as string) !== all) return !all;
    return all;
  };
}

/** The text form a value is compared in: strings as they are, numbers and booleans as written in JSON. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A number, or text that reads as one, as numeric values compare. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function compareNumbers(value: number, bound: number, operator: string): boolean {
  switch (operator) {
    case 'lt':
      return value < bound;
    case 'lte':
      return value <= bound;
    case 'gt':
      return value > bound;
    case 'gte':
      return value >= bound;
    default:
      return value === bound;
  }
}

/** A UTC date part of an ISO-8601 timestamp or of epoch seconds. */
function timeComponent(value: unknown, part: string): number | null {
  const epoch = numericValue(value);
  const date = epoch !== null ? new Date(epoch * 1000) : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  switch (part) {
    case 'minute':
      return date.getUTCMinutes();
    case 'hour':
      return date.getUTCHours();
    case 'day':
      return date.getUTCDate();
    case 'week':
      return isoWeek(date);
    case 'month':
      return date.getUTCMonth() + 1;
    default:
      return date.getUTCFullYear();
  }
}

function isoWeek(date: Date): number {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
}
