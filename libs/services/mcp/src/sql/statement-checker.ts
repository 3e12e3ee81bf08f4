import { SqlLexError, tokenize, type Token } from './tokenizer';
import { DENIED_RELATIONS } from './table-allowlist';
import {
  ALLOWED_FUNCTIONS,
  FORBIDDEN_KEYWORDS,
  LOCKING_CLAUSE_WORDS,
  STATEMENT_STARTS,
  STRUCTURAL_KEYWORDS,
  TYPE_NAMES_WITH_MODIFIERS,
} from './function-allowlist';

export type StatementCheck =
  | { ok: true; /** The statement without a trailing semicolon, ready to wrap. */ statement: string }
  | { ok: false; reason: string };

const refuse = (reason: string): StatementCheck => ({ ok: false, reason });
const deniedRelations = new Set(DENIED_RELATIONS);

const isName = (token: Token | undefined): token is Token =>
  token !== undefined && (token.kind === 'word' || token.kind === 'quoted_identifier');
const isPunct = (token: Token | undefined, value: string) => token?.kind === 'punctuation' && token.value === value;

/**
 * Decides whether `sql` is one read-only query a tool may run. The database enforces the same limits
 * again (READ ONLY transaction, the read-only role); this check refuses early with a clear reason and
 * covers what a read-only transaction alone would allow (sleeping, advisory locks, reading files,
 * settings changes, credential tables).
 */
export function checkStatement(sql: string): StatementCheck {
  let tokens: Token[];
  try {
    tokens = tokenize(sql);
  } catch (error) {
    if (error instanceof SqlLexError) return refuse(error.message);
    throw error;
  }
  while (tokens.length > 0 && isPunct(tokens[tokens.length - 1], ';')) tokens.pop();
  if (tokens.length === 0) return refuse('The query is empty');
  if (tokens.some((token) => isPunct(token, ';'))) return refuse('Only one statement is allowed');

  const first = tokens.find((token) => !isPunct(token, '('));
  if (!first || first.kind !== 'word' || !STATEMENT_STARTS.has(first.value)) {
    return refuse('Only SELECT, WITH ... SELECT or VALUES queries are allowed');
  }

  for (let i = 0; i < tokens.length; i += 1) {
    const problem = tokenProblem(tokens, i);
    if (problem) return refuse(problem);
  }
  const last = tokens[tokens.length - 1] as Token;
  return { ok: true, statement: sql.slice(0, last.end) };
}

function tokenProblem(tokens: Token[], i: number): string | null {
  const token = tokens[i] as Token;
  if (token.kind === 'word' && FORBIDDEN_KEYWORDS.has(token.value)) {
    return `${token.value.toUpperCase()} is not allowed: queries are read-only`;
  }
  if (token.kind === 'word' && token.value === 'for') {
    const next = tokens[i + 1];
    if (next?.kind === 'word' && LOCKING_CLAUSE_WORDS.has(next.value)) return 'Row-locking clauses (FOR UPDATE / FOR SHARE) are not allowed';
  }
  if (isName(token) && (deniedRelations.has(token.value) || isSystemRelation(token, tokens[i + 1]))) {
    return `"${token.value}" cannot be read through the tool server`;
  }
  if (isName(token) && isPunct(tokens[i + 1], '(')) return callProblem(tokens, i);
  return null;
}

/** pg_* catalogs and views (pg_authid, pg_stat_activity, ...) are off limits; `pg_catalog.` may qualify an allowed function. */
function isSystemRelation(token: Token, next: Token | undefined): boolean {
  if (!token.value.toLowerCase().startsWith('pg_')) return false;
  if (isPunct(next, '(')) return false; // a function call: judged by callProblem
  return !(token.value === 'pg_catalog' && isPunct(next, '.'));
}

function callProblem(tokens: Token[], i: number): string | null {
  const name = tokens[i] as Token;
  const before = tokens[i - 1];
  if (before?.kind === 'operator' && before.value === '::') {
    return name.kind === 'word' && TYPE_NAMES_WITH_MODIFIERS.has(name.value) ? null : `Type "${name.value}" is not allowed here`;
  }
  if (isPunct(before, '.')) {
    const schema = tokens[i - 2];
    if (!isName(schema) || schema.value !== 'pg_catalog') return `Function "${name.value}" is not allowed (only built-in functions may be called)`;
  } else if (name.kind === 'word' && STRUCTURAL_KEYWORDS.has(name.value)) {
    return null;
  }
  // A quoted name must match exactly: "COUNT"( is not count(.
  if (ALLOWED_FUNCTIONS.has(name.value)) return null;
  return `Function "${name.value}" is not allowed in read-only queries`;
}
