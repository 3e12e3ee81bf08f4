import { sigmaError } from './errors';

/**
 * Typed Sigma values, as pySigma models them, so that pipelines and backends see the same things
 * (a string with wildcards and placeholders, a regular expression with flags, a CIDR network...).
 */
export type Special = { readonly special: 'multi' } | { readonly special: 'single' };
export const WILDCARD_MULTI: Special = Object.freeze({ special: 'multi' });
export const WILDCARD_SINGLE: Special = Object.freeze({ special: 'single' });
export interface Placeholder {
  readonly placeholder: string;
}
export type StringPart = string | Special | Placeholder;

export const isSpecial = (part: StringPart): part is Special => typeof part === 'object' && 'special' in part;
export const isPlaceholder = (part: StringPart): part is Placeholder => typeof part === 'object' && 'placeholder' in part;

const SPECIAL_OF: Record<string, Special> = { '*': WILDCARD_MULTI, '?': WILDCARD_SINGLE };

/** A string of plain text, wildcards and `%placeholders%`. `\*`, `\?` and `\\` escape; other backslashes are kept. */
export class SigmaString {
  parts: StringPart[];

  constructor(parts: StringPart[] = []) {
    this.parts = mergeText(parts);
  }

  static parse(text: string, escape = true): SigmaString {
    const parts: StringPart[] = [];
    let text_ = '';
    let escaped = false;
    for (const c of text) {
      if (escaped) {
        text_ += c in SPECIAL_OF || c === '\\' ? c : `\\${c}`;
        escaped = false;
      } else if (c === '\\' && escape) escaped = true;
      else if (c in SPECIAL_OF) {
        if (text_) parts.push(text_);
        parts.push(SPECIAL_OF[c] as Special);
        text_ = '';
      } else text_ += c;
    }
    if (escaped) text_ += '\\';
    if (text_) parts.push(text_);
    return new SigmaString(parts);
  }

  static plain(text: string): SigmaString {
    return new SigmaString(text ? [text] : []);
  }

  /** A string of the same class (a cased string stays cased). */
  withParts(parts: StringPart[]): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    copy.parts = mergeText(parts);
    return copy;
  }

  get length(): number {
    return this.parts.reduce((sum, part) => sum + (typeof part === 'string' ? part.length : 1), 0);
  }

  /** Characters and special parts, one at a time. */
  *chars(): Generator<StringPart> {
    for (const part of this.parts) {
      if (typeof part === 'string') yield* part;
      else yield part;
    }
  }

  /** Python-like slice by character position, specials counting as one character. */
  slice(start: number, end?: number): this {
    const items = [...this.chars()];
    const from = start < 0 ? Math.max(0, items.length + start) : start;
    const to = end === undefined ? items.length : end < 0 ? items.length + end : end;
    return this.withParts(items.slice(from, Math.max(from, to)));
  }

  startsWith(value: string | Special): boolean {
    const first = this.parts[0];
    if (first === undefined) return false;
    if (typeof value === 'string') return typeof first === 'string' && first.startsWith(value);
    return first === value;
  }

  endsWith(value: string | Special): boolean {
    const last = this.parts[this.parts.length - 1];
    if (last === undefined) return false;
    if (typeof value === 'string') return typeof last === 'string' && last.endsWith(value);
    return last === value;
  }

  containsSpecial(): boolean {
    return this.parts.some(isSpecial);
  }

  containsPlaceholder(include?: readonly string[] | null, exclude?: readonly string[] | null): boolean {
    return this.parts.some(
      (part) =>
        isPlaceholder(part) && (!include || include.includes(part.placeholder)) && (!exclude || !exclude.includes(part.placeholder)),
    );
  }

  prepend(part: StringPart | SigmaString): this {
    return this.withParts([...(part instanceof SigmaString ? part.parts : [part]), ...this.parts]);
  }

  append(part: StringPart | SigmaString): this {
    return this.withParts([...this.parts, ...(part instanceof SigmaString ? part.parts : [part])]);
  }

  /** `%name%` in plain text becomes a placeholder (the `expand` modifier); `\%` is a literal percent. */
  insertPlaceholders(): this {
    const parts: StringPart[] = [];
    for (const part of this.parts) {
      if (typeof part !== 'string') {
        parts.push(part);
        continue;
      }
      let last = 0;
      for (const match of part.matchAll(/(?<!\\)%(\w+)%/g)) {
        const before = part.slice(last, match.index).replace(/\\%/g, '%');
        if (before) parts.push(before);
        parts.push({ placeholder: match[1] as string });
        last = (match.index ?? 0) + match[0].length;
      }
      const rest = part.slice(last).replace(/\\%/g, '%');
      if (rest) parts.push(rest);
    }
    return this.withParts(parts);
  }

  replaceWithPlaceholder(regex: RegExp, name: string): this {
    const global = new RegExp(regex.source, regex.flags.includes('g') ? regex.flags : `${regex.flags}g`);
    const parts: StringPart[] = [];
    for (const part of this.parts) {
      if (typeof part !== 'string') {
        parts.push(part);
        continue;
      }
      let last = 0;
      for (const match of part.matchAll(global)) {
        const before = part.slice(last, match.index);
        if (before) parts.push(before);
        parts.push({ placeholder: name });
        last = (match.index ?? 0) + match[0].length;
      }
      const rest = part.slice(last);
      if (rest) parts.push(rest);
    }
    return this.withParts(parts);
  }

  /** Every combination of the replacements the callback gives for each placeholder, in order. */
  replacePlaceholders(replace: (placeholder: Placeholder) => Array<StringPart | SigmaString>): this[] {
    const index = this.parts.findIndex(isPlaceholder);
    if (index < 0) return [this];
    const prefix = this.parts.slice(0, index);
    const suffix = this.withParts(this.parts.slice(index + 1));
    const results: this[] = [];
    for (const replacement of replace(this.parts[index] as Placeholder)) {
      const middle = replacement instanceof SigmaString ? replacement.parts : [replacement];
      for (const tail of suffix.replacePlaceholders(replace)) results.push(this.withParts([...prefix, ...middle, ...tail.parts]));
    }
    return results;
  }

  mapText(map: (text: string) => string): this {
    return this.withParts(this.parts.map((part) => (typeof part === 'string' ? map(part) : part)));
  }

  /**
   * The string written for a query: wildcards as the target writes them, the escape character before
   * each character of `addEscaped` and before literal wildcard characters, `filterChars` dropped.
   * A null wildcard means the target has none: a wildcard in the value is then an error.
   */
  convert(
    escapeChar = '\\',
    wildcardMulti: string | null = '*',
    wildcardSingle: string | null = '?',
    addEscaped = '',
    filterChars = '',
  ): string {
    const escaped = new Set([...(wildcardMulti ?? ''), ...(wildcardSingle ?? ''), ...addEscaped]);
    let out = '';
    for (const c of this.chars()) {
      if (typeof c === 'string') {
        if (filterChars.includes(c)) continue;
        if (escaped.has(c)) out += escapeChar;
        out += c;
      } else if (isSpecial(c)) {
        const token = c.special === 'multi' ? wildcardMulti : wildcardSingle;
        if (token === null)
          throw sigmaError(
            'SigmaValueError',
            `${c.special === 'multi' ? 'Multi' : 'Single'}-character wildcard not specified for conversion`,
          );
        out += token;
      } else throw sigmaError('SigmaPlaceholderError', `Attempt to convert unhandled placeholder '${c.placeholder}' into query.`);
    }
    return out;
  }

  toRegex(customEscaped = ''): SigmaRegex {
    return new SigmaRegex(SigmaString.parse(this.convert('\\', '.*', '.', `.*+?^$[](){}\\|${customEscaped}`), false));
  }

  /** pySigma's str(): plain text with literal `*`/`?` escaped, wildcards as `*`/`?`, placeholders as `%name%`. */
  toPlain(regex = false): string {
    return this.parts
      .map((part) => {
        if (typeof part === 'string') return regex ? part : part.replace(/\*/g, '\\*').replace(/\?/g, '\\?');
        if (isSpecial(part)) return part.special === 'multi' ? '*' : '?';
        return `%${part.placeholder}%`;
      })
      .join('');
  }

  toString(): string {
    return this.toPlain();
  }

  equals(other: SigmaString | string): boolean {
    const that = typeof other === 'string' ? SigmaString.parse(other) : other;
    return this.parts.length === that.parts.length && this.parts.every((part, i) => sameStringPart(part, that.parts[i]));
  }
}

/** A string matched case-sensitively (the `cased` modifier). */
export class SigmaCasedString extends SigmaString {
  static from(value: SigmaString): SigmaCasedString {
    return new SigmaCasedString(value.parts);
  }
}

function sameStringPart(a: StringPart, b: StringPart | undefined): boolean {
  if (b === undefined) return false;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (isSpecial(a) && isSpecial(b)) return a.special === b.special;
  return isPlaceholder(a) && isPlaceholder(b) && a.placeholder === b.placeholder;
}

function mergeText(parts: StringPart[]): StringPart[] {
  const merged: StringPart[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const last = merged[merged.length - 1];
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  return merged;
}

/** Python's str() of an int or float. */
export function pythonNumber(value: number): string {
  if (Number.isInteger(value)) return Math.abs(value) >= 1e16 ? value.toExponential().replace('e+', 'e+') : String(value);
  const text = String(value);
  return text.includes('e') ? text.replace(/e([+-])(\d)$/, 'e$10$2') : text;
}

export class SigmaNumber {
  constructor(readonly value: number) {}
  toString(): string {
    return pythonNumber(this.value);
  }
}

export class SigmaBool {
  constructor(readonly value: boolean) {}
  toString(): string {
    return this.value ? 'True' : 'False';
  }
}

export class SigmaNull {
  toString(): string {
    return 'None';
  }
}

export type RegexFlag = 'i' | 'm' | 's';

export class SigmaRegex {
  flags: Set<RegexFlag>;
  constructor(
    public regexp: SigmaString,
    flags: Iterable<RegexFlag> = [],
  ) {
    this.flags = new Set(flags);
  }
  static of(text: string, flags: Iterable<RegexFlag> = []): SigmaRegex {
    return new SigmaRegex(SigmaString.parse(text, false), flags);
  }
  get text(): string {
    return this.regexp.toPlain();
  }
  containsPlaceholder(include?: readonly string[] | null, exclude?: readonly string[] | null): boolean {
    return this.regexp.containsPlaceholder(include, exclude);
  }
  /**
   * The expression with each of `escaped` and (unless disabled) the escape character itself preceded
   * by `escapeChar`, and `(?ims)` in front when flags are set and the target reads them inline.
   */
  escape(escaped: readonly string[] = [], escapeChar = '\\', escapeEscapeChar = true, flagPrefix = true): string {
    const tokens = [...escaped, ...(escapeEscapeChar ? [escapeChar] : [])].filter((token) => token !== '');
    const text = this.text;
    let out = '';
    if (tokens.length === 0) out = text;
    else {
      const pattern = new RegExp(tokens.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
      const positions = [...text.matchAll(pattern)].map((match) => match.index ?? 0);
      let last = 0;
      for (const position of positions) {
        out += text.slice(last, position) + escapeChar;
        last = position;
      }
      out += text.slice(last);
    }
    const prefix = flagPrefix && this.flags.size > 0 ? `(?${[...this.flags].sort().join('')})` : '';
    return prefix + out;
  }
}

export class SigmaCidr {
  readonly network: CidrNetwork;
  constructor(readonly cidr: string) {
    this.network = parseNetwork(cidr);
  }
  toString(): string {
    return this.cidr;
  }
  /** Wildcard patterns covering the network on octet (IPv4) or hex digit (IPv6) boundaries. */
  expand(wildcard = '*'): string[] {
    return expandNetwork(this.network, wildcard);
  }
}

export type CompareOp = 'lt' | 'lte' | 'gt' | 'gte' | 'neq';

export class SigmaCompare {
  constructor(
    readonly number: SigmaNumber,
    readonly op: CompareOp,
  ) {}
}

export class SigmaFieldRef {
  constructor(
    public field: string,
    public startsWith = false,
    public endsWith = false,
  ) {}
}

/** A query fragment passed through to the target, with `{field}` and `{id}` filled in at conversion. */
export class SigmaQueryExpression {
  constructor(
    readonly expr: string,
    readonly id: string,
  ) {}
  finalize(field?: string): string {
    if (field === undefined && this.expr.includes('{field}')) {
      throw sigmaError('SigmaValueError', `Query expression '${this.expr}' has a field placeholder but no field was given in finalization`);
    }
    return this.expr.replace(/\{field\}/g, field ?? '').replace(/\{id\}/g, this.id);
  }
}

export class SigmaExists {
  constructor(readonly exists: boolean) {}
}

/** Values a modifier expanded one into (windash, base64offset): OR-linked whatever links the list. */
export class SigmaExpansion {
  constructor(public values: SigmaValue[]) {}
}

export type TimestampPart = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

export class SigmaTimestampPart extends SigmaNumber {
  constructor(
    readonly part: TimestampPart,
    value: number,
  ) {
    super(value);
  }
}

export type SigmaValue =
  | SigmaString
  | SigmaNumber
  | SigmaBool
  | SigmaNull
  | SigmaRegex
  | SigmaCidr
  | SigmaCompare
  | SigmaFieldRef
  | SigmaQueryExpression
  | SigmaExists
  | SigmaExpansion;

/** A YAML scalar as a Sigma value. */
export function sigmaValueOf(value: unknown): SigmaValue {
  if (value === null || value === undefined) return new SigmaNull();
  if (typeof value === 'boolean') return new SigmaBool(value);
  if (typeof value === 'number') return new SigmaNumber(value);
  if (typeof value === 'string') return SigmaString.parse(value);
  throw sigmaError('SigmaTypeError', `Unsupported type: ${Array.isArray(value) ? 'list' : typeof value}`);
}

// ---- CIDR networks -----------------------------------------------------------------------------

export interface CidrNetwork {
  version: 4 | 6;
  /** Address bits as a bigint. */
  address: bigint;
  prefix: number;
}

const bitsOf = (version: 4 | 6): number => (version === 4 ? 32 : 128);

export function parseNetwork(text: string): CidrNetwork {
  const [addressText = '', prefixText, ...rest] = text.split('/');
  const version: 4 | 6 = addressText.includes(':') ? 6 : 4;
  const bytes = parseIp(addressText, version);
  const bits = bitsOf(version);
  const prefix = prefixText === undefined ? bits : /^\d+$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!bytes || rest.length > 0 || !(prefix >= 0 && prefix <= bits)) {
    throw sigmaError('SigmaTypeError', `Invalid CIDR expression: '${text}' does not appear to be an IPv4 or IPv6 network`);
  }
  const address = bytes.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  if ((address & hostMask) !== 0n) throw sigmaError('SigmaTypeError', `Invalid CIDR expression: ${text} has host bits set`);
  return { version, address, prefix };
}

function parseIp(text: string, version: 4 | 6): number[] | null {
  if (version === 4) {
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return null;
    const octets = text.split('.').map(Number);
    return octets.every((octet) => octet <= 255) ? octets : null;
  }
  if (!/^[0-9A-Fa-f:]+$/.test(text) || text.split('::').length > 2) return null;
  const [head = '', tail] = text.split('::');
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const items = part.split(':');
    return items.every((item) => /^[0-9A-Fa-f]{1,4}$/.test(item)) ? items.map((item) => parseInt(item, 16)) : null;
  };
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  if (!left || !right) return null;
  const known = left.length + right.length;
  if (tail === undefined ? known !== 8 : known > 7) return null;
  const all = [...left, ...new Array<number>(8 - known).fill(0), ...right];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

export function formatAddress(address: bigint, version: 4 | 6): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((shift) => String((address >> shift) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((address >> BigInt(112 - i * 16)) & 0xffffn));
  // The longest run (two or more) of zero groups becomes `::`, as Python's ipaddress writes it.
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i > 1) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export function networkAddressText(network: CidrNetwork): string {
  return formatAddress(network.address, network.version);
}

export function netmaskText(network: CidrNetwork): string {
  const bits = bitsOf(network.version);
  const mask = ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - network.prefix)) - 1n);
  return formatAddress(mask, network.version);
}

function expandNetwork(network: CidrNetwork, wildcard: string): string[] {
  const bits = bitsOf(network.version);
  const step = network.version === 4 ? 8 : 4;
  const extra = (step - (network.prefix % step)) % step;
  const subPrefix = network.prefix + extra;
  const patterns: string[] = [];
  const count = 1n << BigInt(extra);
  for (let i = 0n; i < count; i++) {
    const address = network.address | (i << BigInt(bits - subPrefix));
    if (network.version === 4) {
      const group = subPrefix / 8;
      const octets = formatAddress(address, 4).split('.');
      if (group === 0) patterns.push(wildcard);
      else if (group < 4) patterns.push(`${octets.slice(0, group).join('.')}.${wildcard}`);
      else patterns.push(octets.join('.'));
    } else {
      const last = address | ((1n << BigInt(bits - subPrefix)) - 1n);
      const first = formatAddress(address, 6);
      const lastText = formatAddress(last, 6);
      let i2 = 0;
      while (i2 < first.length && first[i2] === lastText[i2]) i2++;
      const subnet = `${first}/${subPrefix}`;
      patterns.push(i2 < first.length || i2 < lastText.length ? subnet.slice(0, i2) + wildcard : subnet);
    }
  }
  return patterns;
}
