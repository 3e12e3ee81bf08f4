/** Where a value must sit in the event's text: the whole of it, or a substring, prefix or suffix. */
export type Anchoring = 'exact' | 'contains' | 'startswith' | 'endswith';

export interface PatternOptions {
  anchoring: Anchoring;
  caseSensitive: boolean;
  /**
   * `windash`: a `-` or `/` that starts a word (an option such as `-enc` or `/c`) matches either, and
   * the Unicode dashes Windows tools accept; a dash inside a word (`x-y`) stays a dash (spec v2.1, pySigma).
   */
  windash?: boolean;
  /** The value is literal text (an encoded value): `*`, `?` and `\` carry no meaning. */
  literal?: boolean;
}

/** A test over an event's text, given as written and lower-cased (folded once per value, however many tests run). */
export type TextTest = (text: string, lower: string) => boolean;

type Piece = { kind: 'text'; text: string } | { kind: 'any' } | { kind: 'one' };

const WINDASH_CLASS = '[-/\u2013\u2014\u2015]';

/**
 * Splits a Sigma value into literal text and wildcards. `*` is any run of characters, `?` one code
 * point; a backslash escapes `*`, `?` and itself, and is literal before anything else (so `C:\Windows`
 * needs no doubling, and `\\*` is a backslash followed by a wildcard).
 */
export function wildcardPieces(value: string): Piece[] {
  const pieces: Piece[] = [];
  let text = '';
  const flush = (): void => {
    if (text) pieces.push({ kind: 'text', text });
    text = '';
  };
  const chars = Array.from(value);
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index];
    if (char === '\\') {
      const next = chars[index + 1];
      if (next === '*' || next === '?' || next === '\\') {
        text += next;
        index++;
      } else text += '\\';
    } else if (char === '*' || char === '?') {
      flush();
      pieces.push({ kind: char === '*' ? 'any' : 'one' });
    } else text += char;
  }
  flush();
  return pieces;
}

/** The literal text a value stands for, wildcards kept as written (used before encoding a value). */
export function unescapedText(value: string): string {
  return wildcardPieces(value)
    .map((piece) => (piece.kind === 'text' ? piece.text : piece.kind === 'any' ? '*' : '?'))
    .join('');
}

export function hasWildcards(value: string): boolean {
  return wildcardPieces(value).some((piece) => piece.kind !== 'text');
}

const cache = new Map<string, RegExp>();
const WINDASH_CHARS = ['-', '/', '\u2013', '\u2014', '\u2015'];
const WINDASH_VARIANTS_MAX = 25;

/**
 * Compiles a value into a test over the event's text. Case-insensitive comparisons fold case.
 * Values whose wildcards are all `*` are matched by string search (the common case, much cheaper
 * than a regular expression); `windash` becomes the value's few dash variants; `?` needs a regex.
 */
export function compilePattern(value: string, options: PatternOptions): TextTest {
  const pieces: Piece[] = options.literal ? [{ kind: 'text', text: value }] : wildcardPieces(value);
  // A leading or trailing `*` only lifts the anchor on that side.
  let anchorStart = options.anchoring === 'exact' || options.anchoring === 'startswith';
  let anchorEnd = options.anchoring === 'exact' || options.anchoring === 'endswith';
  while (pieces[0]?.kind === 'any') {
    pieces.shift();
    anchorStart = false;
  }
  while (pieces[pieces.length - 1]?.kind === 'any') {
    pieces.pop();
    anchorEnd = false;
  }
  if (pieces.every((piece) => piece.kind !== 'one')) {
    const texts = pieces.filter((piece): piece is { kind: 'text'; text: string } => piece.kind === 'text').map((piece) => piece.text);
    const variants = options.windash ? windashVariants(texts) : [texts];
    if (variants) {
      const anything = pieces.length === 0 && !(anchorStart && anchorEnd);
      const tests = variants.map((parts) =>
        globTest(
          parts.map((part) => (options.caseSensitive ? part : part.toLowerCase())),
          anchorStart,
          anchorEnd,
          anything,
        ),
      );
      const pick = options.caseSensitive ? (text: string) => text : (_text: string, lower: string) => lower;
      if (tests.length === 1) {
        const test = tests[0] as (text: string) => boolean;
        return (text, lower) => test(pick(text, lower));
      }
      return (text, lower) => {
        const subject = pick(text, lower);
        for (let i = 0; i < tests.length; i++) if ((tests[i] as (text: string) => boolean)(subject)) return true;
        return false;
      };
    }
  }
  const body = pieces
    .map((piece) => {
      if (piece.kind === 'any') return '.*';
      if (piece.kind === 'one') return '.';
      if (!options.windash) return escapeRegex(piece.text);
      return piece.text
        .split(/(?<!\w)[-/](?=\w)/)
        .map(escapeRegex)
        .join(WINDASH_CLASS);
    })
    .join('');
  const source = `${anchorStart ? '^' : ''}(?:${body})${anchorEnd ? '$' : ''}`;
  const flags = options.caseSensitive ? 'su' : 'isu';
  const key = `${flags}/${source}`;
  let regex = cache.get(key);
  if (!regex) {
    regex = new RegExp(source, flags);
    if (cache.size < 50_000) cache.set(key, regex);
  }
  const compiled = regex;
  return (text) => compiled.test(text);
}

/**
 * Text pieces separated by `*`, matched by string search: the first at the start when anchored,
 * the last at the end when anchored, the others in order between them (leftmost first is enough
 * for `*`, which matches anything).
 */
function globTest(parts: readonly string[], anchorStart: boolean, anchorEnd: boolean, onlyStars: boolean): (text: string) => boolean {
  if (onlyStars) return () => true;
  if (parts.length === 0) return (text) => text === '';
  if (parts.length === 1) {
    const needle = parts[0] as string;
    if (anchorStart && anchorEnd) return (text) => text === needle;
    if (anchorStart) return (text) => text.startsWith(needle);
    if (anchorEnd) return (text) => text.endsWith(needle);
    return (text) => text.includes(needle);
  }
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const middle = parts.slice(anchorStart ? 1 : 0, anchorEnd ? -1 : undefined);
  return (text) => {
    let from = 0;
    if (anchorStart) {
      if (!text.startsWith(first)) return false;
      from = first.length;
    }
    const limit = anchorEnd ? text.length - last.length : text.length;
    if (limit < from) return false;
    for (const part of middle) {
      const at = text.indexOf(part, from);
      if (at < 0 || at + part.length > limit) return false;
      from = at + part.length;
    }
    return !anchorEnd || text.endsWith(last);
  };
}

/**
 * The pieces of a `windash` value with each dash that starts an option (after a non-word character
 * or at the start, before a word character) replaced by each dash Windows accepts; null when that
 * makes too many variants.
 */
function windashVariants(texts: readonly string[]): string[][] | null {
  let variants: string[][] = [[]];
  const joined = texts.join('\u0000');
  const positions: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i] as string;
    if ((char === '-' || char === '/') && !/\w/.test(joined[i - 1] ?? '') && /\w/.test(joined[i + 1] ?? '')) positions.push(i);
  }
  if (WINDASH_CHARS.length ** positions.length > WINDASH_VARIANTS_MAX) return null;
  variants = [[joined]];
  for (const position of positions) {
    variants = variants.flatMap(([text]) =>
      WINDASH_CHARS.map((dash) => [`${(text as string).slice(0, position)}${dash}${(text as string).slice(position + 1)}`]),
    );
  }
  return variants.map(([text]) => (text as string).split('\u0000'));
}

const folded = new Map<string, string>();

/** Lower-cases event text once however many rules compare it (a bounded memo). */
export function foldCase(text: string): string {
  let lower = folded.get(text);
  if (lower === undefined) {
    lower = text.toLowerCase();
    if (folded.size > 20_000) folded.clear();
    folded.set(text, lower);
  }
  return lower;
}

export function escapeRegex(text: string): string {
  // `-` stays bare: the `u` flag refuses `\-` outside a character class.
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
