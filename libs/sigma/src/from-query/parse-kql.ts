import { and, boundOf, bounded, cmp, literal, not, or, Untranslatable, type QueryNode, type QueryValue } from './query-tree';
import { Cursor, ESCAPED, tokenize, type Token } from './tokens';

const LEXICON = {
  ops: ['(', ')', ':', '<=', '>=', '<', '>', '[', ']', '{', '}'],
  wordChar: /[^\s():"<>[\]{}]/,
  escapes: true,
};

/**
 * Kibana's KQL and Lucene query strings: `field:value`, `field:"phrase"`, `field:(a or b)`, wildcards in bare values
 * (`*value*`), `/regex/` (Lucene only: a KQL value may be a bare path), numeric ranges (`port >= 1024`,
 * `port:[1024 TO *]`), and/or/not in either case, Lucene's `-field:x` and `+field:x`, parentheses. `_exists_`, free
 * text without a field and clauses joined by no operator (Lucene's default is OR) throw Untranslatable.
 */
export function parseKql(text: string, language: 'kql' | 'lucene' = 'lucene'): QueryNode {
  // Only Lucene has `/regex/`: in KQL a bare value may start with a slash (`process.executable:/usr/bin/*`).
  const cursor = new Cursor(tokenize(text.trim(), { ...LEXICON, slashRegex: language === 'lucene' }));
  const node = orExpr(cursor);
  if (!cursor.done()) throw new Untranslatable(`unexpected ${cursor.peek()?.text}`);
  return node;
}

function orExpr(cursor: Cursor): QueryNode {
  const children = [andExpr(cursor)];
  while (cursor.accept('or') || cursor.accept('||')) children.push(andExpr(cursor));
  return or(children);
}

function andExpr(cursor: Cursor): QueryNode {
  const children = [notExpr(cursor)];
  for (;;) {
    if (cursor.accept('and') || cursor.accept('&&')) children.push(notExpr(cursor));
    else if (isPrefixed(cursor.peek()) && isPrefixed(previousClause(children))) children.push(notExpr(cursor));
    else break;
  }
  return and(children);
}

// Lucene's `+a -b` clauses join with AND; whether a clause had a prefix is kept on the node for this check only.
const PREFIXED = new WeakSet<object>();
const previousClause = (children: QueryNode[]): QueryNode | undefined => children.at(-1);
function isPrefixed(item: Token | QueryNode | undefined): boolean {
  if (!item) return false;
  if ('type' in item) return item.type === 'word' && /^[+-]/.test(item.text);
  return PREFIXED.has(item);
}

function notExpr(cursor: Cursor): QueryNode {
  if (cursor.accept('not') || cursor.accept('!')) return not(notExpr(cursor));
  const token = cursor.peek();
  if (token?.type === 'word' && /^[+-]/.test(token.text)) {
    const prefix = token.text[0];
    cursor.next();
    const rest = token.text.slice(1);
    const clause = rest === '' ? primary(cursor) : fieldClause(cursor, rest);
    const node = prefix === '-' ? not(clause) : clause;
    PREFIXED.add(node);
    return node;
  }
  return primary(cursor);
}

function primary(cursor: Cursor): QueryNode {
  if (cursor.accept('(')) {
    const inner = orExpr(cursor);
    cursor.expect(')');
    return inner;
  }
  const token = cursor.next();
  if (token.type !== 'word') throw new Untranslatable('free text without a field');
  return fieldClause(cursor, token.text);
}

function fieldClause(cursor: Cursor, field: string): QueryNode {
  const range = boundOf(cursor.peek()?.text ?? '');
  // The time window (`@timestamp >= "now-1d"`, `@timestamp:[now-1d TO now]`) is when to look, which a rule's deployment decides.
  if (field === '@timestamp' && (range || (cursor.peek()?.text === ':' && /^[[{<>]/.test(cursor.peek(1)?.text ?? '')))) {
    skipRange(cursor);
    return cmp(field, [literal('window')]);
  }
  if (range) {
    cursor.next();
    return bounded(checkedField(field), range, boundText(cursor.next()));
  }
  if (!cursor.accept(':')) throw new Untranslatable('free text without a field');
  // `field:*` and `_exists_:field` ask only that the field be there, which a test of its value asks too.
  if (cursor.peek()?.type === 'word' && cursor.peek()?.text === '*') {
    cursor.next();
    return cmp('@present', [literal(field)]);
  }
  if (field === '_exists_') return cmp('@present', [literal(checkedField(boundText(cursor.next())))]);
  checkedField(field);
  if (cursor.peek()?.text === '[' || cursor.peek()?.text === '{') return rangeClause(cursor, field);
  // Lucene's `field:>1024`.
  const bound = boundOf(cursor.peek()?.text ?? '');
  if (bound) {
    cursor.next();
    return bounded(field, bound, boundText(cursor.next()));
  }
  if (cursor.accept('(')) {
    const node = valueOr(cursor, field);
    cursor.expect(')');
    return node;
  }
  return cmp(field, [valueOf(cursor.next())]);
}

function checkedField(field: string): string {
  if (field === '_exists_' || !/^[A-Za-z_@][\w.@-]*$/.test(field)) throw new Untranslatable(`field ${field}`);
  return field;
}

const boundText = (token: Token): string => (token.type === 'str' || token.type === 'word' ? token.text : '');

/** Lucene's `field:[1024 TO 65535]` (bounds included) and `field:{0 TO 1024}` (excluded), `*` for an open end. */
function rangeClause(cursor: Cursor, field: string): QueryNode {
  const inclusive = cursor.next().text === '[';
  const low = boundText(cursor.next());
  cursor.expect('to');
  const high = boundText(cursor.next());
  const close = cursor.next().text;
  if (close !== ']' && close !== '}') throw new Untranslatable(`expected ] or }`);
  const bounds = [
    ...(low === '*' ? [] : [bounded(field, inclusive ? 'gte' : 'gt', low)]),
    ...(high === '*' ? [] : [bounded(field, close === ']' ? 'lte' : 'lt', high)]),
  ];
  return bounds.length === 0 ? cmp('@present', [literal(field)]) : and(bounds);
}

/** A time window's comparison or range, read past. */
function skipRange(cursor: Cursor): void {
  cursor.accept(':');
  if (boundOf(cursor.peek()?.text ?? '')) {
    cursor.next();
    cursor.next();
    return;
  }
  const open = cursor.next().text;
  if (open !== '[' && open !== '{') throw new Untranslatable(`unexpected ${open}`);
  while (!cursor.done() && !/^[\]}]$/.test(cursor.peek()?.text ?? '')) cursor.next();
  cursor.next();
}

function valueOr(cursor: Cursor, field: string): QueryNode {
  const children = [valueAnd(cursor, field)];
  while (cursor.accept('or')) children.push(valueAnd(cursor, field));
  // `field:(a or b)` is one comparison with a list, as Sigma writes it.
  if (children.every((child) => child.kind === 'cmp'))
    return cmp(
      field,
      children.flatMap((child) => (child.kind === 'cmp' ? child.values : [])),
    );
  return or(children);
}

function valueAnd(cursor: Cursor, field: string): QueryNode {
  const children = [valueNot(cursor, field)];
  while (cursor.accept('and')) children.push(valueNot(cursor, field));
  return and(children);
}

function valueNot(cursor: Cursor, field: string): QueryNode {
  if (cursor.accept('not')) return not(valueNot(cursor, field));
  if (cursor.accept('(')) {
    const inner = valueOr(cursor, field);
    cursor.expect(')');
    return inner;
  }
  return cmp(field, [valueOf(cursor.next())]);
}

/** A quoted value is literal text; a bare one may hold wildcards; `/…/` is a regex. */
function valueOf(token: Token): QueryValue {
  if (token.type === 'str') return literal(token.text);
  if (token.type === 'regex') return { text: token.text, kind: 'regex' };
  if (token.type !== 'word' || token.text === '*') throw new Untranslatable(`value ${token.text}`);
  if (token.text.includes(ESCAPED)) throw new Untranslatable('escaped wildcard');
  return { text: token.text, kind: /[*?]/.test(token.text) ? 'wildcard' : 'literal' };
}
