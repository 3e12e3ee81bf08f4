import { sigmaError } from './errors';
import {
  SigmaBool,
  SigmaCasedString,
  SigmaCidr,
  SigmaCompare,
  SigmaExists,
  SigmaExpansion,
  SigmaFieldRef,
  SigmaNumber,
  SigmaRegex,
  SigmaString,
  SigmaTimestampPart,
  WILDCARD_MULTI,
  type CompareOp,
  type RegexFlag,
  type SigmaValue,
  type StringPart,
  type TimestampPart,
} from './values';

/** What a modifier may change besides the values: the linking of the list (`all`). */
export interface ModifierTarget {
  field: string | null;
  linking: 'and' | 'or';
}

type ValueKind = 'string' | 'regex' | 'fieldref' | 'number' | 'bool' | 'any';

interface ModifierSpec {
  accepts: ValueKind[];
  /** Applied to the value list as a whole (only `all`). */
  list?: boolean;
  /** Refuses to follow another modifier (`re`, `cidr`, `exists`). */
  first?: string;
  modify: (value: SigmaValue, context: ModifierContext) => SigmaValue | SigmaValue[];
}

interface ModifierContext {
  item: ModifierTarget;
  applied: readonly string[];
}

const WINDASH_CHARACTERS = ['-', '/', '\u2013', '\u2014', '\u2015'];

function kindOf(value: SigmaValue): ValueKind | null {
  if (value instanceof SigmaString) return 'string';
  if (value instanceof SigmaRegex) return 'regex';
  if (value instanceof SigmaFieldRef) return 'fieldref';
  if (value instanceof SigmaNumber) return 'number';
  if (value instanceof SigmaBool) return 'bool';
  return null;
}

/** A regex with a top-level `|` is grouped first, so the wildcard a modifier adds covers every branch. */
function groupAlternation(regex: SigmaRegex): string {
  const text = regex.text;
  if (hasTopLevelAlternation(text)) regex.regexp = SigmaString.parse(`(?:${text})`, false);
  return regex.text;
}

function hasTopLevelAlternation(text: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      if (text[i + 1] === '^') i++;
      if (text[i + 1] === ']') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

function endsWithUnescaped(text: string, suffix: string): boolean {
  if (!text.endsWith(suffix)) return false;
  const head = text.slice(0, text.length - suffix.length);
  return (head.length - head.replace(/\\+$/, '').length) % 2 === 0;
}

const openEnded = (text: string): boolean => !endsWithUnescaped(text, '.*') && !endsWithUnescaped(text, '$');
const WILDCARD_REGEX = SigmaString.parse('.*', false);

function wrap(value: SigmaValue, start: boolean, end: boolean): SigmaValue {
  if (value instanceof SigmaString) {
    let result = value;
    if (start && !result.startsWith(WILDCARD_MULTI)) result = result.prepend(WILDCARD_MULTI);
    if (end && !result.endsWith(WILDCARD_MULTI)) result = result.append(WILDCARD_MULTI);
    return result;
  }
  if (value instanceof SigmaRegex) {
    const text = groupAlternation(value);
    if (start && !text.startsWith('.*') && !text.startsWith('^')) value.regexp = value.regexp.prepend(WILDCARD_REGEX);
    if (end && openEnded(text)) value.regexp = value.regexp.append(WILDCARD_REGEX);
    return value;
  }
  if (value instanceof SigmaFieldRef) {
    if (start) value.endsWith = true;
    if (end) value.startsWith = true;
  }
  return value;
}

function utf8Bytes(value: SigmaString): Uint8Array {
  return new TextEncoder().encode(value.toPlain());
}

/** Bytes encoded by the base64 modifiers: after utf16 the byte order mark is the UTF-16LE one. */
function base64Input(value: SigmaString, applied: readonly string[]): Uint8Array {
  const data = utf8Bytes(value);
  if (applied.includes('utf16') && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
    return Uint8Array.from([0xff, 0xfe, ...data.slice(3)]);
  }
  return data;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function noWildcards(value: SigmaValue): SigmaString {
  const text = value as SigmaString;
  if (text.containsSpecial()) throw sigmaError('SigmaValueError', 'Base64 encoding of strings with wildcards is not allowed');
  return text;
}

/** Each character as UTF-16 code units written as characters (pySigma's "decode as UTF-8" trick). */
function encodeWide(value: SigmaValue, bigEndian: boolean, bom: boolean): SigmaValue {
  const parts: StringPart[] = bom ? ['\ufeff'] : [];
  for (const part of (value as SigmaString).parts) {
    if (typeof part !== 'string') {
      parts.push(part);
      continue;
    }
    let text = '';
    for (const unit of part) {
      const code = unit.codePointAt(0) ?? 0;
      if (code > 0x7f)
        throw sigmaError(
          'SigmaValueError',
          `Wide modifier only allowed for ascii strings, input string '${(value as SigmaString).toPlain()}' isn't one`,
        );
      text += bigEndian ? `\u0000${unit}` : `${unit}\u0000`;
    }
    parts.push(text);
  }
  return new SigmaString(parts);
}

const compare = (op: CompareOp): ModifierSpec => ({
  accepts: ['number'],
  modify: (value) => new SigmaCompare(value as SigmaNumber, op),
});

const timestamp = (part: TimestampPart): ModifierSpec => ({
  accepts: ['number'],
  modify: (value) => new SigmaTimestampPart(part, Math.trunc((value as SigmaNumber).value)),
});

const flag = (name: RegexFlag): ModifierSpec => ({
  accepts: ['regex'],
  modify: (value) => {
    (value as SigmaRegex).flags.add(name);
    return value;
  },
});

const wide: ModifierSpec = { accepts: ['string'], modify: (value) => encodeWide(value, false, false) };

export const MODIFIERS: Readonly<Record<string, ModifierSpec>> = {
  contains: { accepts: ['string', 'regex', 'fieldref'], modify: (value) => wrap(value, true, true) },
  startswith: { accepts: ['string', 'regex', 'fieldref'], modify: (value) => wrap(value, false, true) },
  endswith: { accepts: ['string', 'regex', 'fieldref'], modify: (value) => wrap(value, true, false) },
  all: {
    accepts: ['any'],
    list: true,
    modify: (value, context) => {
      context.item.linking = 'and';
      return value;
    },
  },
  base64: { accepts: ['string'], modify: (value, { applied }) => SigmaString.plain(b64(base64Input(noWildcards(value), applied))) },
  base64offset: {
    accepts: ['string'],
    modify: (value, { applied }) => {
      const data = base64Input(noWildcards(value), applied);
      const starts = [0, 2, 3];
      const ends = [undefined, -3, -2];
      return new SigmaExpansion(
        [0, 1, 2].map((shift) => {
          const encoded = b64(Uint8Array.from([...new Array<number>(shift).fill(0x20), ...data]));
          return SigmaString.plain(encoded.slice(starts[shift], ends[(data.length + shift) % 3]));
        }),
      );
    },
  },
  wide,
  utf16le: wide,
  utf16be: { accepts: ['string'], modify: (value) => encodeWide(value, true, false) },
  utf16: { accepts: ['string'], modify: (value) => encodeWide(value, false, true) },
  windash: {
    accepts: ['string'],
    modify: (value) =>
      new SigmaExpansion(
        (value as SigmaString)
          .replaceWithPlaceholder(/\B[-/]\b/, '_windash')
          .replacePlaceholders((placeholder) => (placeholder.placeholder === '_windash' ? WINDASH_CHARACTERS : [placeholder])),
      ),
  },
  re: {
    accepts: ['string'],
    first: 'Regular expression modifier only applicable to unmodified values',
    modify: (value) => new SigmaRegex(SigmaString.parse((value as SigmaString).parts.join(''), false)),
  },
  i: flag('i'),
  ignorecase: flag('i'),
  m: flag('m'),
  multiline: flag('m'),
  s: flag('s'),
  dotall: flag('s'),
  cased: { accepts: ['string'], modify: (value) => SigmaCasedString.from(value as SigmaString) },
  cidr: {
    accepts: ['string'],
    first: 'CIDR expression modifier only applicable to unmodified values',
    modify: (value) => new SigmaCidr((value as SigmaString).toPlain()),
  },
  lt: compare('lt'),
  lte: compare('lte'),
  gt: compare('gt'),
  gte: compare('gte'),
  fieldref: {
    accepts: ['string'],
    modify: (value) => {
      const text = value as SigmaString;
      if (text.containsSpecial()) throw sigmaError('SigmaValueError', 'Field references must not contain wildcards');
      return new SigmaFieldRef(text.toPlain());
    },
  },
  exists: {
    accepts: ['bool'],
    first: 'Exists modifier only applicable to unmodified boolean values',
    modify: (value, { item }) => {
      if (item.field === null) throw sigmaError('SigmaValueError', 'Exists modifier must be applied to field');
      return new SigmaExists((value as SigmaBool).value);
    },
  },
  expand: {
    accepts: ['string', 'regex'],
    modify: (value) => {
      if (value instanceof SigmaRegex) {
        value.regexp = value.regexp.insertPlaceholders();
        return value;
      }
      return (value as SigmaString).insertPlaceholders();
    },
  },
  minute: timestamp('minute'),
  hour: timestamp('hour'),
  day: timestamp('day'),
  week: timestamp('week'),
  month: timestamp('month'),
  year: timestamp('year'),
};

export const MODIFIER_NAMES: ReadonlySet<string> = new Set(Object.keys(MODIFIERS));

/** The modifiers by role, for the checks that say which may not be combined. */
export const MATCH_MODIFIERS = ['contains', 'startswith', 'endswith'] as const;
export const ENCODING_MODIFIERS = ['utf16le', 'utf16be', 'utf16', 'wide'] as const;
export const BASE64_MODIFIERS = ['base64', 'base64offset'] as const;
/** Regular-expression flags, short and long (pySigma accepts both spellings); each needs `re`. */
export const REGEX_FLAGS = ['i', 'ignorecase', 'm', 'multiline', 's', 'dotall'] as const;
export const COMPARE_MODIFIERS = ['lt', 'lte', 'gt', 'gte'] as const;
export const TIME_MODIFIERS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;

/**
 * Every modifier a rule may use: those above plus `neq`, which the evaluation engine matches but no
 * conversion target expresses yet (converting it is a clear error).
 */
export const KNOWN_MODIFIERS: ReadonlySet<string> = new Set<string>([...MODIFIER_NAMES, 'neq']);

/** `Field|mod1|mod2` split into its field (null for keyword lists) and modifier chain. */
export interface FieldSpec {
  field: string | null;
  modifiers: string[];
}

export function parseFieldSpec(key: string): FieldSpec {
  const [field, ...modifiers] = key.split('|');
  return { field: field === '' ? null : (field ?? null), modifiers };
}

function applyOne(name: string, spec: ModifierSpec, value: SigmaValue, context: ModifierContext): SigmaValue[] {
  if (value instanceof SigmaExpansion) {
    return [new SigmaExpansion(value.values.flatMap((inner) => applyOne(name, spec, inner, context)))];
  }
  const kind = kindOf(value);
  if (!spec.accepts.includes('any') && (kind === null || !spec.accepts.includes(kind))) {
    throw sigmaError('SigmaTypeError', `Modifier ${name} incompatible to value type of '${String(value)}'`);
  }
  if (spec.first && context.applied.length > 0) throw sigmaError('SigmaValueError', spec.first);
  const result = spec.modify(value, context);
  return Array.isArray(result) ? result : [result];
}

/** The values after the modifier chain, in order (the item's linking may change to `and`). */
export function applyModifiers(item: ModifierTarget, modifiers: readonly string[], values: SigmaValue[]): SigmaValue[] {
  let current = values;
  const applied: string[] = [];
  for (const name of modifiers) {
    const spec = MODIFIERS[name];
    if (!spec) throw sigmaError('SigmaModifierError', `Unknown modifier '${name}'`);
    const context = { item, applied };
    if (spec.list) spec.modify(current[0] as SigmaValue, context);
    else current = current.flatMap((value) => applyOne(name, spec, value, context));
    applied.push(name);
  }
  return current;
}
