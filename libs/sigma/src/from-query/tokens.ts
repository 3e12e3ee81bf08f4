import { Untranslatable } from './query-tree';

/** A token of a query: a quoted string (its text unescaped), a bare word, an operator or a `/regex/`. */
export interface Token {
  type: 'str' | 'word' | 'op' | 'regex';
  text: string;
}

export interface Lexicon {
  /** Operators, longest first where one starts another (`==` before `=`). */
  ops: readonly string[];
  /** A character a bare word may hold (a backslash escape is always taken whole when `escapes` is set). */
  wordChar: RegExp;
  /** A backslash in a bare word escapes the next character (KQL, Lucene): `C\:\\Windows` is `C:\Windows`. */
  escapes?: boolean;
  /** `/…/` is a regex (Lucene, KQL). */
  slashRegex?: boolean;
  /** Backquotes quote an identifier (ES|QL). */
  backquotes?: boolean;
  /** `"""…"""` and `?"…"` are raw strings, no escapes (EQL). */
  rawStrings?: boolean;
  /** Single quotes quote strings too. */
  singleQuotes?: boolean;
  /** In a quoted string only `\\` and `\"` are escapes; any other backslash is itself (Splunk: `"C:\Windows\*"`). */
  lenientEscapes?: boolean;
  /** `/* … *\/` and `// …` between tokens are comments (EQL, ES|QL); inside a string they are text (`"/home/*\/.ssh"`). */
  comments?: boolean;
}

/** What marks an escaped wildcard character in a bare word's text (`\*` in KQL): a character no query holds. */
export const ESCAPED = '\u0000';

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r' };

/** A query's tokens. A string left open is no query this can read. */
export function tokenize(text: string, lexicon: Lexicon): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    if (lexicon.comments && text.startsWith('//', at)) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end;
      continue;
    }
    if (lexicon.comments && text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2);
      if (end < 0) throw new Untranslatable('unterminated comment');
      at = end + 2;
      continue;
    }
    if (lexicon.rawStrings && text.startsWith('"""', at)) {
      const end = text.indexOf('"""', at + 3);
      if (end < 0) throw new Untranslatable('unterminated string');
      tokens.push({ type: 'str', text: text.slice(at + 3, end) });
      at = end + 3;
      continue;
    }
    if (lexicon.rawStrings && text.startsWith('?"', at)) {
      const end = text.indexOf('"', at + 2);
      if (end < 0) throw new Untranslatable('unterminated string');
      tokens.push({ type: 'str', text: text.slice(at + 2, end) });
      at = end + 1;
      continue;
    }
    if (char === '"' || (char === "'" && lexicon.singleQuotes) || (char === '`' && lexicon.backquotes)) {
      let value = '';
      let end = at + 1;
      for (; end < text.length && text[end] !== char; end++) {
        if (
          text[end] === '\\' &&
          char !== '`' &&
          end + 1 < text.length &&
          (!lexicon.lenientEscapes || /["\\]/.test(text[end + 1] as string))
        ) {
          const next = text[++end] as string;
          value += ESCAPES[next] ?? next;
        } else value += text[end];
      }
      if (end >= text.length) throw new Untranslatable('unterminated string');
      tokens.push({ type: char === '`' ? 'word' : 'str', text: value });
      at = end + 1;
      continue;
    }
    if (lexicon.slashRegex && char === '/' && (tokens.at(-1)?.text === ':' || tokens.at(-1)?.type === 'op')) {
      let end = at + 1;
      while (end < text.length && text[end] !== '/') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) throw new Untranslatable('unterminated regex');
      tokens.push({ type: 'regex', text: text.slice(at + 1, end) });
      at = end + 1;
      continue;
    }
    const op = lexicon.ops.find((candidate) => text.startsWith(candidate, at));
    if (op) {
      tokens.push({ type: 'op', text: op });
      at += op.length;
      continue;
    }
    let word = '';
    while (at < text.length) {
      const next = text[at] as string;
      if (lexicon.escapes && next === '\\' && at + 1 < text.length) {
        // An escaped wildcard stays marked (ESCAPED): it is a literal star, which the value reader keeps apart from `*`
        // (and from an escaped backslash before a wildcard, `\\*`).
        const escaped = text[at + 1] as string;
        word += escaped === '*' || escaped === '?' ? `${ESCAPED}${escaped}` : escaped;
        at += 2;
        continue;
      }
      if (!lexicon.wordChar.test(next)) break;
      word += next;
      at++;
    }
    if (word === '') throw new Untranslatable(`unexpected ${char}`);
    tokens.push({ type: 'word', text: word });
  }
  return tokens;
}

/** A cursor over tokens, with the look-ahead a recursive-descent parser needs. */
export class Cursor {
  private at = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }

  next(): Token {
    const token = this.tokens[this.at++];
    if (!token) throw new Untranslatable('unexpected end of query');
    return token;
  }

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  /** Whether the next token is this keyword (case-insensitive) or operator; taken when it is. */
  accept(text: string): boolean {
    const token = this.peek();
    if (!token || token.type === 'str' || token.type === 'regex' || token.text.toLowerCase() !== text.toLowerCase()) return false;
    this.at++;
    return true;
  }

  expect(text: string): void {
    if (!this.accept(text)) throw new Untranslatable(`expected ${text}`);
  }
}
