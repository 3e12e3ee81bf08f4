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

export type TextTest = (text: string) => boolean;

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

/** Compiles a value into a test over the event's text. Case-insensitive comparisons fold Unicode case. */
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
  const onlyText = pieces.length <= 1 && pieces.every((piece) => piece.kind === 'text');
  if (onlyText && !options.windash) {
    return literalTest(pieces[0]?.kind === 'text' ? pieces[0].text : '', anchorStart, anchorEnd, options.caseSensitive);
  }
  const body = pieces
    .map((piece) => {
      if (piece.kind === 'any') return '.*';
      if (piece.kind === 'one') return '.';
      if (!options.windash) return escapeRegex(piece.text);
      return piece.text.split(/(?<!\w)[-/](?=\w)/).map(escapeRegex).join(WINDASH_CLASS);
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

/** Plain text compared by string operations, the common case and much cheaper than a regex. */
function literalTest(literal: string, anchorStart: boolean, anchorEnd: boolean, caseSensitive: boolean): TextTest {
  const needle = caseSensitive ? literal : foldCase(literal);
  const fold = caseSensitive ? (text: string) => text : foldCase;
  if (anchorStart && anchorEnd) return (text) => fold(text) === needle;
  if (anchorStart) return (text) => fold(text).startsWith(needle);
  if (anchorEnd) return (text) => fold(text).endsWith(needle);
  return (text) => fold(text).includes(needle);
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
