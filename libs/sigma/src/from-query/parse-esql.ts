import { booleanCondition } from './boolean-grammar';
import { isUncarriedField } from './ecs-fields';
import {
  and,
  boundOf,
  bounded,
  cmp,
  literal,
  NON_SELECTING,
  not,
  Untranslatable,
  type NumericBound,
  type QueryNode,
  type QueryValue,
} from './query-tree';
import { Cursor, tokenize, type Token } from './tokens';

/** An ES|QL query's indices (`FROM logs-aws.cloudtrail-*`) and the condition of its WHERE commands. */
export interface EsqlQuery {
  indices: string[];
  condition: QueryNode;
}

const LEXICON = {
  ops: ['==', '!=', '<=', '>=', '=', '(', ')', ',', ':', '<', '>', '|'],
  wordChar: /[\w.@*\-$?+]/,
  backquotes: true,
  rawStrings: true,
  comments: true,
};

const CASE_FUNCTIONS = new Set(['to_lower', 'to_upper']);
const STRING_FUNCTIONS: Readonly<Record<string, (text: string) => string>> = {
  starts_with: (text) => `${text}*`,
  ends_with: (text) => `*${text}`,
};
// Commands after which WHERE reads what the query computed, not the events.
const AGGREGATING = new Set(['stats', 'inlinestats', 'mv_expand', 'lookup', 'enrich', 'rename']);

/**
 * ES|QL: `FROM <indices> | WHERE <condition> | …`. Each WHERE before the first STATS (or other command that makes
 * new rows or names) is one condition, all of them together; EVAL, KEEP, SORT, LIMIT and the rest change no event's
 * match. The condition's boolean core is read (==, !=, :, <, <=, >, >= against a number, LIKE, RLIKE, IN, NOT,
 * TO_LOWER, STARTS_WITH and ENDS_WITH of a field or its lower-case copy); IS NULL throws Untranslatable.
 */
export function parseEsql(text: string): EsqlQuery {
  const cursor = new Cursor(tokenize(text.replace(/^\s*\/\/.*$/gm, ''), LEXICON));
  const indices: string[] = [];
  const conditions: QueryNode[] = [];
  if (cursor.accept('from')) {
    while (!cursor.done() && cursor.peek()?.text !== '|') {
      const token = cursor.next();
      if (token.type === 'word' && token.text.toLowerCase() === 'metadata') break;
      if (token.type !== 'op') indices.push(token.text);
    }
  }
  let stopped = false;
  while (!cursor.done()) {
    if (!cursor.accept('|')) {
      cursor.next();
      continue;
    }
    const command = cursor.peek()?.text.toLowerCase() ?? '';
    if (AGGREGATING.has(command)) stopped = true;
    if (command === 'eval' && !stopped) {
      cursor.next();
      readAliases(cursor);
    }
    if (command === 'where' && !stopped) {
      cursor.next();
      conditions.push(orExpr(cursor));
    }
  }
  if (conditions.length === 0) throw new Untranslatable('no WHERE');
  return { indices, condition: and(conditions) };
}

// The names an EVAL gives a field or its lower- or upper-case copy (`EVAL cmd = TO_LOWER(process.command_line)`), which
// a later WHERE tests as the field itself; per query.
const ALIASES = new WeakMap<Cursor, Map<string, string>>();

/** `EVAL a = TO_LOWER(field), b = field`: the names that stand for a field; other expressions name nothing readable. */
function readAliases(cursor: Cursor): void {
  const aliases = ALIASES.get(cursor) ?? new Map<string, string>();
  ALIASES.set(cursor, aliases);
  while (!cursor.done() && cursor.peek()?.text !== '|') {
    const name = cursor.next();
    if (!cursor.accept('=')) continue;
    const head = cursor.next();
    let field: string | undefined;
    if (head.type === 'word' && CASE_FUNCTIONS.has(head.text.toLowerCase()) && cursor.accept('(')) {
      const inner = cursor.next();
      if (cursor.accept(')') && inner.type === 'word') field = inner.text;
    } else if (head.type === 'word' && cursor.peek()?.text !== '(') field = head.text;
    if (field && name.type === 'word') aliases.set(name.text, aliases.get(field) ?? field);
    else aliases.delete(name.text);
    // Past the rest of this expression, to the next assignment or command.
    let depth = 0;
    while (!cursor.done() && !(depth === 0 && (cursor.peek()?.text === ',' || cursor.peek()?.text === '|'))) {
      const token = cursor.next();
      if (token.text === '(') depth++;
      if (token.text === ')') depth--;
    }
    cursor.accept(',');
  }
}

const orExpr = (cursor: Cursor): QueryNode => booleanCondition(cursor, comparison);

function comparison(cursor: Cursor): QueryNode {
  const head = cursor.next();
  if (head.type !== 'word') throw new Untranslatable(`unexpected ${head.text}`);
  const name = head.text.toLowerCase();
  if (cursor.peek()?.text === '(' && name in STRING_FUNCTIONS) {
    cursor.expect('(');
    const field = caseless(cursor);
    cursor.expect(',');
    const value = valueText(cursor.next());
    cursor.expect(')');
    return cmp(field, [{ text: (STRING_FUNCTIONS[name] as (text: string) => string)(value), kind: 'wildcard' }]);
  }
  // How long a value is, how many values a field holds: narrowing Sigma cannot say, a test that selects nothing by itself.
  if (cursor.peek()?.text === '(' && (name === 'length' || name === 'mv_count')) {
    cursor.expect('(');
    const field = caseless(cursor);
    cursor.expect(')');
    if (!boundOf(cursor.peek()?.text ?? '') && !['==', '!='].includes(cursor.peek()?.text ?? ''))
      throw new Untranslatable(`function ${head.text}`);
    cursor.next();
    valueText(cursor.next());
    return cmp(NON_SELECTING, [literal(`${name}(${field})`)]);
  }
  if (cursor.peek()?.text === '(' && name === 'cidr_match') {
    cursor.expect('(');
    const field = fieldName(cursor.next(), cursor);
    const values: QueryValue[] = [];
    while (cursor.accept(',')) values.push({ text: valueText(cursor.next()), kind: 'cidr' });
    cursor.expect(')');
    if (values.length === 0) throw new Untranslatable('cidr_match without networks');
    return cmp(field, values);
  }
  let field: string;
  if (cursor.peek()?.text === '(' && CASE_FUNCTIONS.has(name)) {
    cursor.expect('(');
    field = fieldName(cursor.next(), cursor);
    cursor.expect(')');
  } else if (cursor.peek()?.text === '(') throw new Untranslatable(`function ${head.text}`);
  else field = fieldName(head, cursor);
  // The time window (`@timestamp > NOW() - 1 day`) is when to look, which a rule's deployment decides.
  if (field === '@timestamp') return skipped(cursor, field);
  if (cursor.accept('is')) {
    // A field that must be present tests nothing a value test of it does not; one that must be absent, Sigma cannot say here.
    if (cursor.accept('not') && cursor.accept('null')) return cmp('@present', [literal(field)]);
    throw new Untranslatable('IS NULL');
  }
  const negated = cursor.accept('not');
  const op = cursor.next().text.toLowerCase();
  // How many arguments a process had, and what narrows the query to one estate: tests that select nothing by themselves.
  if ((/^process\.(?:parent\.)?args_count$/.test(field) || isUncarriedField(field)) && ['<', '>', '<=', '>=', '==', '!='].includes(op)) {
    valueText(cursor.next());
    return cmp(NON_SELECTING, [literal(field)]);
  }
  let node: QueryNode;
  if (op === '==' || op === ':') node = cmp(field, [literal(valueText(cursor.next()))]);
  else if (op === '!=') return not(cmp(field, [literal(valueText(cursor.next()))]));
  else if (op === 'like') node = cmp(field, likeValues(cursor));
  else if (boundOf(op)) node = bounded(field, boundOf(op) as NumericBound, valueText(cursor.next()));
  else if (op === 'rlike') node = cmp(field, [{ text: valueText(cursor.next()), kind: 'regex' }]);
  else if (op === 'in') {
    cursor.expect('(');
    const values: QueryValue[] = [literal(valueText(cursor.next()))];
    while (cursor.accept(',')) values.push(literal(valueText(cursor.next())));
    cursor.expect(')');
    node = cmp(field, values);
  } else throw new Untranslatable(`operator ${op}`);
  return negated ? not(node) : node;
}

/** A comparison read past (up to the next and, or, pipe or closing parenthesis): a test the logsource stands for. */
function skipped(cursor: Cursor, field: string): QueryNode {
  let depth = 0;
  for (let token = cursor.peek(); token; token = cursor.peek()) {
    if (token.type === 'word' && depth === 0 && /^(?:and|or)$/i.test(token.text)) break;
    if (token.text === '|' || (token.text === ')' && depth === 0)) break;
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
    cursor.next();
  }
  return cmp(field, [literal('window')]);
}

/** `LIKE "a*"` or `LIKE ("a*", "b*")`: wildcard patterns. */
function likeValues(cursor: Cursor): QueryValue[] {
  const texts: string[] = [];
  if (cursor.accept('(')) {
    texts.push(valueText(cursor.next()));
    while (cursor.accept(',')) texts.push(valueText(cursor.next()));
    cursor.expect(')');
  } else texts.push(valueText(cursor.next()));
  return texts.map((text) => ({ text, kind: /[*?]/.test(text) ? 'wildcard' : 'literal' }));
}

/** A field, or its lower- or upper-case copy (`TO_LOWER(process.name)`): Sigma's matching ignores case. */
function caseless(cursor: Cursor): string {
  const head = cursor.next();
  if (head.type === 'word' && CASE_FUNCTIONS.has(head.text.toLowerCase()) && cursor.accept('(')) {
    const field = fieldName(cursor.next(), cursor);
    cursor.expect(')');
    return field;
  }
  return fieldName(head, cursor);
}

function valueText(token: Token): string {
  if (token.type === 'str') return token.text;
  if (token.type === 'word' && /^(?:-?\d+(?:\.\d+)?|true|false)$/i.test(token.text)) return token.text;
  throw new Untranslatable(`value ${token.text}`);
}

function fieldName(token: Token, cursor: Cursor): string {
  if (token.type !== 'word' || !/^[A-Za-z_@][\w.@-]*$/.test(token.text)) throw new Untranslatable(`field ${token.text}`);
  return ALIASES.get(cursor)?.get(token.text) ?? token.text;
}
