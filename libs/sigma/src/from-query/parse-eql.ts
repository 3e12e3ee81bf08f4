import { and, cmp, literal, not, or, Untranslatable, type QueryNode, type QueryValue } from './query-tree';
import { Cursor, tokenize, type Token } from './tokens';

/** An EQL query's event category (`process where …`) and its condition; a sequence gives one per step. */
export interface EqlQuery {
  category: string;
  condition: QueryNode;
}

const LEXICON = {
  ops: ['==', '!=', '<=', '>=', '=', '(', ')', '[', ']', ',', ':', '~', '<', '>', '|'],
  wordChar: /[\w.@?*\-$]/,
  rawStrings: true,
};

// Operators that take wildcards; and those that take a regex.
const WILDCARD_OPS = new Set([':', 'like', 'like~']);
const REGEX_OPS = new Set(['regex', 'regex~']);
// String functions with a field and its values: what each one asks of the field.
const FUNCTIONS: Readonly<Record<string, (text: string) => string>> = {
  startswith: (text) => `${text}*`,
  endswith: (text) => `*${text}`,
  stringcontains: (text) => `*${text}*`,
  wildcard: (text) => text,
};

/**
 * Elastic EQL: `<category> where <condition>`, and `sequence [by …] [with maxspan=…] [<category> where …] …`, whose
 * steps are read each as a query of its own (a rule per step: Sigma's single-event rules cannot join them). The
 * condition's boolean core is read (==, !=, :, ~, like, regex, in, not in, startsWith, endsWith, stringContains,
 * wildcard; `?field`); a pipe after it (`| head 5`) changes no event's match. Anything else (numeric comparisons,
 * `descendant of`, field-to-field comparisons) throws Untranslatable.
 */
export function parseEql(text: string): EqlQuery[] {
  const source = text.replace(/^\s*\/\/.*$/gm, '');
  const cursor = new Cursor(tokenize(source, LEXICON));
  if (cursor.accept('sequence') || cursor.accept('sample')) {
    const steps: EqlQuery[] = [];
    while (!cursor.done()) {
      if (!cursor.accept('[')) {
        cursor.next();
        continue;
      }
      steps.push(step(cursor));
      cursor.expect(']');
      // `[…] by field` and `until […]` add nothing a step's own event shows.
      if (cursor.accept('until')) break;
    }
    if (steps.length === 0) throw new Untranslatable('sequence without steps');
    return steps;
  }
  const only = step(cursor);
  if (!cursor.done() && !cursor.accept('|')) throw new Untranslatable(`unexpected ${cursor.peek()?.text}`);
  return [only];
}

function step(cursor: Cursor): EqlQuery {
  const category = cursor.next();
  if (category.type !== 'word') throw new Untranslatable('no event category');
  cursor.expect('where');
  return { category: category.text.toLowerCase(), condition: orExpr(cursor) };
}

function orExpr(cursor: Cursor): QueryNode {
  const children = [andExpr(cursor)];
  while (cursor.accept('or')) children.push(andExpr(cursor));
  return or(children);
}

function andExpr(cursor: Cursor): QueryNode {
  const children = [notExpr(cursor)];
  while (cursor.accept('and')) children.push(notExpr(cursor));
  return and(children);
}

function notExpr(cursor: Cursor): QueryNode {
  if (cursor.accept('not')) return not(notExpr(cursor));
  return primary(cursor);
}

function primary(cursor: Cursor): QueryNode {
  if (cursor.accept('(')) {
    const inner = orExpr(cursor);
    cursor.expect(')');
    return inner;
  }
  const head = cursor.next();
  if (head.type !== 'word') throw new Untranslatable(`unexpected ${head.text}`);
  const name = head.text.replace(/~$/, '').toLowerCase();
  if (cursor.peek()?.text === '(' && name in FUNCTIONS) return call(cursor, name);
  if (cursor.peek()?.text === '(' && name === 'cidrmatch') return cidrMatch(cursor);
  if (cursor.peek()?.text === '(') throw new Untranslatable(`function ${head.text}`);
  return comparison(cursor, fieldName(head));
}

/** `startsWith(field, "a", "b")`: the field starts with any of the values. */
function call(cursor: Cursor, name: string): QueryNode {
  cursor.expect('(');
  const field = fieldName(cursor.next());
  const values: QueryValue[] = [];
  while (cursor.accept(','))
    values.push(wildcardOf((FUNCTIONS[name] as (text: string) => string)(valueText(cursor.next(), name === 'wildcard'))));
  cursor.expect(')');
  if (values.length === 0) throw new Untranslatable('function without values');
  return cmp(field, values);
}

/** `cidrmatch(destination.ip, "10.0.0.0/8", "192.168.0.0/16")`: the address is in any of the networks. */
function cidrMatch(cursor: Cursor): QueryNode {
  cursor.expect('(');
  const field = fieldName(cursor.next());
  const values: QueryValue[] = [];
  while (cursor.accept(',')) values.push({ text: valueText(cursor.next(), false), kind: 'cidr' });
  cursor.expect(')');
  if (values.length === 0) throw new Untranslatable('cidrmatch without networks');
  return cmp(field, values);
}

function comparison(cursor: Cursor, field: string): QueryNode {
  const negated = cursor.accept('not');
  const op = cursor.next();
  let operator = op.text.toLowerCase();
  if (cursor.peek()?.text === '~' && operator !== ':') {
    cursor.next();
    operator += '~';
  }
  if (operator === '<' || operator === '>' || operator === '<=' || operator === '>=') throw new Untranslatable('numeric comparison');
  const values =
    operator === 'in' || operator === 'in~' || cursor.peek()?.text === '(' ? list(cursor, operator) : [one(cursor.next(), operator)];
  const node = cmp(field, values);
  if (operator === '!=' || negated) return not(node);
  if (!['==', ':', 'in', 'in~', 'like', 'like~', 'regex', 'regex~'].includes(operator)) throw new Untranslatable(`operator ${op.text}`);
  return node;
}

function list(cursor: Cursor, operator: string): QueryValue[] {
  cursor.expect('(');
  const values = [one(cursor.next(), operator)];
  while (cursor.accept(',')) values.push(one(cursor.next(), operator));
  cursor.expect(')');
  return values;
}

function one(token: Token, operator: string): QueryValue {
  if (REGEX_OPS.has(operator)) return { text: valueText(token, false), kind: 'regex' };
  const text = valueText(token, WILDCARD_OPS.has(operator));
  return WILDCARD_OPS.has(operator) ? wildcardOf(text) : literal(text);
}

/** A value: a string, a number or a boolean; a bare field name compares two fields, which Sigma cannot. */
function valueText(token: Token, _wildcards: boolean): string {
  if (token.type === 'str') return token.text;
  if (token.type === 'word' && /^(?:-?\d+(?:\.\d+)?|true|false)$/i.test(token.text)) return token.text;
  throw new Untranslatable(`value ${token.text}`);
}

const wildcardOf = (text: string): QueryValue => ({ text, kind: /[*?]/.test(text) ? 'wildcard' : 'literal' });

function fieldName(token: Token): string {
  if (token.type !== 'word' || !/^\??[A-Za-z_@][\w.@-]*$/.test(token.text)) throw new Untranslatable(`field ${token.text}`);
  return token.text.replace(/^\?/, '');
}
