/**
 * Splits a command line into words, operators, redirects and comments the way the shell it was typed in
 * would: cmd.exe (double quotes, `^` escapes, `REM`/`::` comments), PowerShell (single and double quotes,
 * backtick escapes, `#` and `<# #>` comments, `&` as the call operator) or a POSIX shell (quotes, backslash
 * escapes, `#` comments, heredocs). Brackets that pair up (`(...)`, `{...}`, `$(...)`, `@(...)`) stay
 * inside one word, so a pipe in `(Get-Content a | Out-String)` belongs to the code around it. Offsets are
 * indexes into the text given.
 */

export type Dialect = 'cmd' | 'powershell' | 'posix';

export interface Word {
  /** The word as written, quotes and escapes included. */
  readonly raw: string;
  /** What the program receives: quotes removed, escapes resolved (carets, backslashes, backticks). */
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

export type Operator = '|' | '||' | '&&' | ';' | '&' | '\n';

export type Token =
  | { kind: 'word'; word: Word }
  | { kind: 'operator'; operator: Operator; start: number; end: number }
  | { kind: 'redirect'; operator: string; start: number; end: number; target?: Word }
  | { kind: 'comment'; start: number; end: number; text: string };

/** Spaces and tabs (and the Unicode spaces pages put in code), not line breaks. */
function isSpaceCode(code: number): boolean {
  return (
    code === 32 ||
    code === 9 ||
    code === 13 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

// Characters some dialect treats specially; every other character is read as is, a run at a time.
const SPECIAL = new Uint8Array(128);
for (const ch of ' \t\r\n"\'^`\\({$@|&;<>') SPECIAL[ch.charCodeAt(0)] = 1;

function isPlainCode(code: number): boolean {
  if (code < 128) return SPECIAL[code] === 0;
  return !isSpaceCode(code) && code !== 0x201c && code !== 0x201d && code !== 0x201e;
}
const OPEN_DOUBLE = new Set(['"', '“', '”', '„']);
const CLOSE_DOUBLE = new Set(['"', '”', '“']);
const PAIRS: Record<string, string> = { '(': ')', '{': '}', '[': ']' };

/** `firstStage`: stop at the first operator (the caller reads one stage only). */
export function lex(text: string, dialect: Dialect, firstStage = false): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let stageStart = true;
  const heredocs: Array<{ delimiter: string; strip: boolean; token: Extract<Token, { kind: 'redirect' }> }> = [];

  const push = (token: Token) => {
    tokens.push(token);
    stageStart = token.kind === 'operator';
  };

  while (i < n) {
    if (isSpaceCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const c = text[i] as string;
    if (isContinuation(text, i, dialect)) {
      i = skipContinuation(text, i);
      continue;
    }
    if (c === '\n') {
      if (firstStage && tokens.length > 0 && heredocs.length === 0) break;
      const start = i;
      i++;
      if (heredocs.length > 0) i = readHeredocs(text, i, heredocs.splice(0));
      push({ kind: 'operator', operator: '\n', start, end: start + 1 });
      continue;
    }
    const comment = commentAt(text, i, dialect, stageStart);
    if (comment > i) {
      tokens.push({ kind: 'comment', start: i, end: comment, text: text.slice(i, comment) });
      i = comment;
      continue;
    }
    const operator = c === '|' || c === '&' || c === ';' ? operatorAt(text, i, dialect, stageStart) : null;
    if (operator && firstStage && tokens.length > 0) break;
    if (operator) {
      push({ kind: 'operator', operator, start: i, end: i + operator.length });
      i += operator.length;
      continue;
    }
    const redirect = /[<>&*\d]/.test(c) ? redirectAt(text, i, dialect) : null;
    if (redirect) {
      const token: Extract<Token, { kind: 'redirect' }> = {
        kind: 'redirect',
        operator: redirect.operator,
        start: i,
        end: i + redirect.length,
      };
      i += redirect.length;
      if (redirect.heredoc) {
        heredocs.push({ delimiter: redirect.heredoc, strip: redirect.operator === '<<-', token });
      } else if (redirect.takesTarget) {
        while (i < n && isSpaceCode(text.charCodeAt(i))) i++;
        if (i < n && text[i] !== '\n' && !operatorAt(text, i, dialect, false)) {
          const word = readWord(text, i, dialect);
          token.target = word;
          token.end = word.end;
          i = word.end;
        }
      }
      push(token);
      continue;
    }
    // PowerShell's call (`& $exe`) and dot-source (`. .\x.ps1`) operators start a stage as words of their own.
    if (dialect === 'powershell' && stageStart && (c === '&' || c === '.') && /[\s"'$(]/.test(text[i + 1] ?? '')) {
      push({ kind: 'word', word: { raw: c, value: c, start: i, end: i + 1 } });
      i++;
      continue;
    }
    const word = readWord(text, i, dialect);
    if (word.end === i) {
      i++; // a character no rule reads (cannot happen with the rules above; guards the loop)
      continue;
    }
    push({ kind: 'word', word });
    i = word.end;
  }
  return tokens;
}

function isContinuation(text: string, i: number, dialect: Dialect): boolean {
  const marker = dialect === 'cmd' ? '^' : dialect === 'powershell' ? '`' : '\\';
  if (text[i] !== marker) return false;
  let j = i + 1;
  while (text[j] === ' ' || text[j] === '\t' || text[j] === '\r') j++;
  return text[j] === '\n';
}

function skipContinuation(text: string, i: number): number {
  return text.indexOf('\n', i) + 1;
}

/** End of a comment starting at `i`, or `i` when none starts there. */
function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

// An analyst's note is plain words; a lure the attacker put after `#` (ClickFix's "# ✅ I am not a robot -
// Cloudflare ID: 4471") is part of the command the victim pastes.
const ANALYST_NOTE = /^(?:#|REM|rem|::)[ \t]+[A-Za-z][\w ,.'()/-]*$/;

function commentAt(text: string, i: number, dialect: Dialect, stageStart: boolean): number {
  if (dialect === 'cmd') {
    // cmd has no trailing comments, but an article's "whoami /priv   # check privileges" or "… REM list
    // trusts" is the analyst's note on the command: a `#`, `REM` or `::` after white space, then a space.
    if (!stageStart)
      return /[ \t]/.test(text[i - 1] ?? '') &&
        /^(?:#|REM|rem|::)[ \t]/.test(text.slice(i, i + 4)) &&
        ANALYST_NOTE.test(text.slice(i, lineEnd(text, i)))
        ? lineEnd(text, i)
        : i;
    if (text.startsWith('::', i) || /^@?rem(?:[ \t]|$)/i.test(text.slice(i, i + 5))) return lineEnd(text, i);
    return i;
  }
  if (dialect === 'powershell' && text.startsWith('<#', i)) {
    const end = text.indexOf('#>', i + 2);
    return end < 0 ? text.length : end + 2;
  }
  return text[i] === '#' ? lineEnd(text, i) : i;
}

function operatorAt(text: string, i: number, dialect: Dialect, stageStart: boolean): Operator | null {
  const two = text.slice(i, i + 2);
  if (two === '||' || two === '&&') return two;
  const c = text[i];
  if (c === '|') return '|';
  if (c === ';' && dialect !== 'cmd') return ';';
  if (c === '&') {
    if (text[i + 1] === '>') return null; // &> redirect
    // PowerShell's `& "C:\x.exe" args` calls a program: a word, not a separator.
    return dialect === 'powershell' && stageStart ? null : '&';
  }
  return null;
}

interface RedirectMatch {
  operator: string;
  length: number;
  takesTarget: boolean;
  heredoc?: string;
}

function redirectAt(text: string, i: number, dialect: Dialect): RedirectMatch | null {
  const rest = text.slice(i, i + 80);
  if (dialect === 'posix') {
    const here = /^<<(-?)[ \t]*(["']?)([A-Za-z_][\w-]*)\2/.exec(rest);
    if (here) return { operator: here[1] ? '<<-' : '<<', length: here[0].length, takesTarget: false, heredoc: here[3] };
    if (rest.startsWith('<<<')) return { operator: '<<<', length: 3, takesTarget: true };
  }
  // `2>&1`, `0<&196`, `>&-` copy or close a descriptor; in a POSIX shell `>& file` sends both outputs to the
  // file and `5<> file` opens it for reading and writing (reverse shells: `bash -i >& /dev/tcp/…`).
  const dup = /^(?:\d+|\*)?>&(?:\d+|-)/.exec(rest) ?? (dialect !== 'powershell' ? /^\d*<&(?:\d+|-)/.exec(rest) : null);
  if (dup) return { operator: dup[0], length: dup[0].length, takesTarget: false };
  const both = dialect === 'posix' ? /^(?:>&|\d*<>)/.exec(rest) : null;
  if (both) return { operator: both[0], length: both[0].length, takesTarget: true };
  const out = /^(?:&|\*|\d)?>>?\|?/.exec(rest);
  if (out) return { operator: out[0], length: out[0].length, takesTarget: true };
  if (rest[0] === '<' && dialect !== 'powershell') return { operator: '<', length: 1, takesTarget: true };
  return null;
}

/** Reads the bodies of the heredocs opened on the line that just ended; returns where the text goes on. */
function readHeredocs(
  text: string,
  from: number,
  pending: Array<{ delimiter: string; strip: boolean; token: Extract<Token, { kind: 'redirect' }> }>,
): number {
  let i = from;
  for (const doc of pending) {
    const bodyStart = i;
    let bodyEnd = text.length;
    let next = text.length;
    while (i < text.length) {
      const end = text.indexOf('\n', i);
      const lineEnd = end < 0 ? text.length : end;
      const line = text.slice(i, lineEnd).replace(/\r$/, '');
      if ((doc.strip ? line.replace(/^\t+/, '') : line).trim() === doc.delimiter) {
        bodyEnd = i;
        next = end < 0 ? text.length : end;
        break;
      }
      i = lineEnd + 1;
    }
    const body = text.slice(bodyStart, bodyEnd).replace(/\n$/, '');
    doc.token.target = { raw: body, value: body, start: bodyStart, end: bodyStart + body.length };
    doc.token.end = Math.max(doc.token.end, next);
    i = next;
  }
  // `i` sits on the newline after the last delimiter (or the end): the newline itself still separates.
  return i < text.length && text[i] === '\n' ? i : i;
}

/** The index of the bracket that closes the one at `open` (quotes respected), or -1. */
export function closingBracket(text: string, open: number, dialect: Dialect): number {
  const stack: string[] = [];
  let i = open;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\n' && stack.length === 0) return -1;
    if (OPEN_DOUBLE.has(c) || (c === "'" && dialect !== 'cmd')) {
      const close = c === "'" ? quoteEnd(text, i, "'", dialect) : doubleQuoteEnd(text, i, dialect);
      if (close < 0) return -1;
      i = close + 1;
      continue;
    }
    if (escapes(c, dialect) && i + 1 < text.length) {
      i += 2;
      continue;
    }
    const pair = PAIRS[c];
    if (pair && c !== '[') stack.push(pair);
    else if (c === ')' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
    i++;
  }
  return -1;
}

function escapes(c: string, dialect: Dialect): boolean {
  return (dialect === 'cmd' && c === '^') || (dialect === 'powershell' && c === '`') || (dialect === 'posix' && c === '\\');
}

/** Index of the quote closing a single-quoted string opened at `open` on the same line, or -1. */
function quoteEnd(text: string, open: number, quote: string, dialect: Dialect): number {
  let i = open + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n' && dialect !== 'posix') return -1;
    if (c === quote) {
      if (dialect === 'powershell' && text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i;
    }
    i++;
  }
  return -1;
}

/**
 * Index of the quote closing a double-quoted string opened at `open`, or -1. In cmd the programs read
 * `\"` as a quote inside the string (the C runtime's rule: an odd run of backslashes escapes the quote),
 * unless no later quote could close the string (`"C:\Temp\"` is a path ending in a backslash).
 */
function doubleQuoteEnd(text: string, open: number, dialect: Dialect): number {
  let i = open + 1;
  let fallback = -1;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\n' && dialect !== 'posix') break;
    if (dialect === 'posix' && c === '\\') {
      i += 2;
      continue;
    }
    if (dialect === 'powershell' && c === '`') {
      i += 2;
      continue;
    }
    if (dialect === 'cmd' && c === '\\') {
      let j = i;
      while (text[j] === '\\') j++;
      if (CLOSE_DOUBLE.has(text[j] as string)) {
        if ((j - i) % 2 === 1) {
          if (fallback < 0) fallback = j;
          i = j + 1;
          continue;
        }
        return j;
      }
      i = j;
      continue;
    }
    if (CLOSE_DOUBLE.has(c)) {
      if (dialect === 'powershell' && text[i + 1] === '"' && c === '"') {
        i += 2;
        continue;
      }
      return i;
    }
    i++;
  }
  return fallback;
}

const WORD_END_POSIX = /[\s|&;<>]/;
const WORD_END_CMD = /[\s|&<>]/;
const WORD_END_PS = /[\s|;>]/;

function wordEnds(c: string, dialect: Dialect, text: string, i: number): boolean {
  if (c === '\n' || isSpaceCode(c.charCodeAt(0))) return true;
  if (dialect === 'posix') return WORD_END_POSIX.test(c);
  if (dialect === 'cmd') return WORD_END_CMD.test(c);
  return WORD_END_PS.test(c) || (c === '&' && text[i + 1] === '&');
}

/** Reads the word at `start` (which is not a space, operator or redirect). */
export function readWord(text: string, start: number, dialect: Dialect): Word {
  let i = start;
  let value = '';
  while (i < text.length) {
    let j = i;
    while (j < text.length && isPlainCode(text.charCodeAt(j))) j++;
    if (j > i) {
      value += text.slice(i, j);
      i = j;
      if (i >= text.length) break;
    }
    const c = text[i] as string;
    if (i > start && wordEnds(c, dialect, text, i)) break;
    if (i === start && (c === '\n' || isSpaceCode(text.charCodeAt(i)))) break;
    if (isContinuation(text, i, dialect)) {
      i = skipContinuation(text, i);
      while (i < text.length && isSpaceCode(text.charCodeAt(i))) i++;
      continue;
    }
    if (OPEN_DOUBLE.has(c)) {
      const close = doubleQuoteEnd(text, i, dialect);
      if (close > i) {
        value += unescapeDouble(text.slice(i + 1, close), dialect);
        i = close + 1;
        continue;
      }
    }
    if (c === "'" && dialect !== 'cmd') {
      const close = quoteEnd(text, i, "'", dialect);
      if (close > i) {
        const body = text.slice(i + 1, close);
        value += dialect === 'powershell' ? body.replace(/''/g, "'") : body;
        i = close + 1;
        continue;
      }
    }
    if (escapes(c, dialect) && i + 1 < text.length && text[i + 1] !== '\n') {
      const next = text[i + 1] as string;
      // A Windows path in a shell line (`C:\Users\x`) keeps its backslashes: only shell metacharacters are escaped.
      if (dialect === 'posix' && !/[\s"'\\$`|&;<>(){}*?#!~]/.test(next)) {
        value += c;
        i++;
        continue;
      }
      value += dialect === 'powershell' ? backtickChar(next) : next;
      i += 2;
      continue;
    }
    if (c === '(' || c === '{' || ((c === '$' || c === '@') && (text[i + 1] === '(' || text[i + 1] === '{'))) {
      const open = c === '$' || c === '@' ? i + 1 : i;
      const close = closingBracket(text, open, dialect);
      if (close > open) {
        value += text.slice(i, close + 1);
        i = close + 1;
        continue;
      }
    }
    if (c === '`' && dialect === 'posix') {
      const close = text.indexOf('`', i + 1);
      if (close > i && !text.slice(i, close).includes('\n')) {
        value += text.slice(i, close + 1);
        i = close + 1;
        continue;
      }
    }
    value += c;
    i++;
  }
  return { raw: text.slice(start, i), value, start, end: i };
}

function unescapeDouble(body: string, dialect: Dialect): string {
  if (dialect === 'posix') return body.replace(/\\([$`"\\\n])/g, '$1');
  if (dialect === 'powershell') return body.replace(/`(.)/g, (_, ch: string) => backtickChar(ch)).replace(/""/g, '"');
  // The C runtime: 2n backslashes before a quote are n backslashes; 2n+1 are n and a literal quote.
  return body.replace(
    /(\\+)(["”“])/g,
    (_, slashes: string, quote: string) => '\\'.repeat(Math.floor(slashes.length / 2)) + (slashes.length % 2 ? quote : ''),
  );
}

function backtickChar(ch: string): string {
  switch (ch) {
    case 'n':
      return '\n';
    case 't':
      return '\t';
    case 'r':
      return '\r';
    case '0':
      return '\0';
    default:
      return ch;
  }
}
