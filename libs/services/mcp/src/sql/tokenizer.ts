/**
 * A PostgreSQL lexer for the statement checker: enough of the real grammar (comments that nest, quoted
 * identifiers, standard and escape strings, dollar quoting) that what it calls a string or a comment is
 * what the server will call one. Anything it does not understand is an error, never a guess.
 */
export type TokenKind = 'word' | 'quoted_identifier' | 'string' | 'number' | 'operator' | 'punctuation';

export interface Token {
  kind: TokenKind;
  /** Words lower-cased; quoted identifiers unquoted and unescaped; punctuation and operators as written. */
  value: string;
  start: number;
  end: number;
}

export class SqlLexError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at character ${position + 1}`);
    this.name = 'SqlLexError';
  }
}

const OPERATOR_CHARS = new Set('+-*/<>=~!@#%^&|`?'.split(''));
const PUNCTUATION = new Set(['(', ')', '[', ']', ',', ';', '.', ':']);

const isIdentStart = (ch: string) => /[A-Za-z_]/.test(ch) || ch.charCodeAt(0) >= 0x80;
const isIdentPart = (ch: string) => /[A-Za-z0-9_$]/.test(ch) || ch.charCodeAt(0) >= 0x80;
const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, value: string, start: number) => tokens.push({ kind, value, start, end: i });

  while (i < sql.length) {
    const ch = sql[i] as string;
    const next = sql[i + 1];
    const start = i;

    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '-' && next === '-') {
      while (i < sql.length && sql[i] !== '\n' && sql[i] !== '\r') i += 1;
    } else if (ch === '/' && next === '*') {
      i = skipBlockComment(sql, i);
    } else if ((ch === 'u' || ch === 'U') && next === '&' && (sql[i + 2] === "'" || sql[i + 2] === '"')) {
      throw new SqlLexError('Unicode-escape strings and identifiers (U&) are not accepted', i);
    } else if ((ch === 'e' || ch === 'E') && next === "'") {
      i = readQuoted(sql, i + 1, "'", true);
      push('string', sql.slice(start, i), start);
    } else if (/[bBxXnN]/.test(ch) && next === "'") {
      i = readQuoted(sql, i + 1, "'", false);
      push('string', sql.slice(start, i), start);
    } else if (ch === "'") {
      i = readQuoted(sql, i, "'", false);
      push('string', sql.slice(start, i), start);
    } else if (ch === '"') {
      i = readQuoted(sql, i, '"', false);
      const name = sql.slice(start + 1, i - 1).replace(/""/g, '"');
      if (name === '') throw new SqlLexError('Empty quoted identifier', start);
      push('quoted_identifier', name, start);
    } else if (ch === '$') {
      if (isDigit(next)) throw new SqlLexError('Query parameters ($1, $2, ...) are not accepted', i);
      i = readDollarQuoted(sql, i);
      push('string', sql.slice(start, i), start);
    } else if (isIdentStart(ch)) {
      while (i < sql.length && isIdentPart(sql[i] as string)) i += 1;
      push('word', sql.slice(start, i).toLowerCase(), start);
    } else if (isDigit(ch) || (ch === '.' && isDigit(next))) {
      while (i < sql.length && /[0-9A-Za-z_.]/.test(sql[i] as string)) {
        // A second dot ends the number (`1..2` is not one), as does `.` before a letter-less range.
        if (sql[i] === '.' && sql[i + 1] === '.') break;
        i += 1;
      }
      push('number', sql.slice(start, i), start);
    } else if (ch === ':' && next === ':') {
      i += 2;
      push('operator', '::', start);
    } else if (PUNCTUATION.has(ch)) {
      i += 1;
      push('punctuation', ch, start);
    } else if (OPERATOR_CHARS.has(ch)) {
      // An operator never contains `--` or `/*`: those start a comment, as in the server's lexer.
      while (i < sql.length && OPERATOR_CHARS.has(sql[i] as string)) {
        const pair = sql.slice(i, i + 2);
        if (i > start && (pair === '--' || pair === '/*')) break;
        i += 1;
      }
      push('operator', sql.slice(start, i), start);
    } else {
      throw new SqlLexError(`Unexpected character ${JSON.stringify(ch)}`, i);
    }
  }
  return tokens;
}

/** Block comments nest in PostgreSQL: `/* a /* b *\/ still comment *\/`. */
function skipBlockComment(sql: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    const pair = sql.slice(i, i + 2);
    if (pair === '/*') {
      depth += 1;
      i += 2;
    } else if (pair === '*/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  throw new SqlLexError('Unterminated comment', from);
}

/** From the opening quote at `from` to just after the closing one; a doubled quote is an escaped quote. */
function readQuoted(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslashEscapes && ch === '\\') {
      i += 2;
    } else if (ch === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  throw new SqlLexError(quote === '"' ? 'Unterminated quoted identifier' : 'Unterminated string', from);
}

function readDollarQuoted(sql: string, from: number): number {
  let i = from + 1;
  while (i < sql.length && sql[i] !== '$') {
    const ch = sql[i] as string;
    const valid = i === from + 1 ? isIdentStart(ch) : isIdentPart(ch) && ch !== '$';
    if (!valid) throw new SqlLexError('Unexpected "$"', from);
    i += 1;
  }
  if (i >= sql.length) throw new SqlLexError('Unexpected "$"', from);
  const delimiter = sql.slice(from, i + 1);
  const close = sql.indexOf(delimiter, i + 1);
  if (close < 0) throw new SqlLexError('Unterminated dollar-quoted string', from);
  return close + delimiter.length;
}
