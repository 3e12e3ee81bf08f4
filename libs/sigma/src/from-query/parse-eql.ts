import { booleanCondition } from './boolean-grammar';
import { and, boundOf, bounded, cmp, literal, NON_SELECTING, not, or, Untranslatable, type QueryNode, type QueryValue } from './query-tree';
import { isUncarriedField } from './ecs-fields';
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
  comments: true,
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
 * wildcard; `?field`; <, <=, > and >= against a number); a pipe after it (`| head 5`) changes no event's match. `descendant of` / `child of` a process
 * are tests of the parent; args_count, length(), process.Ext.* and process.code_signature.* tests select nothing by themselves
 * (translate-query keeps such a query only when the rest selects something specific). Anything else (comparisons with
 * dates or text, field-to-field comparisons, other functions) throws Untranslatable.
 */
export function parseEql(text: string): EqlQuery[] {
  // Line comments and `/* … */` blocks (rules keep commented-out clauses in them; the lexicon skips those) test nothing.
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

const orExpr = (cursor: Cursor): QueryNode => booleanCondition(cursor, primary);

function primary(cursor: Cursor): QueryNode {
  const head = cursor.next();
  if (head.type !== 'word') throw new Untranslatable(`unexpected ${head.text}`);
  if (/^(?:descendant|child)$/i.test(head.text) && cursor.accept('of')) return ancestor(cursor);
  // `where true`: any event of the kind, as the logsource says.
  if (head.text === 'true' && (cursor.done() || /^(?:\]|\)|and|or|\|)$/i.test(cursor.peek()?.text ?? '')))
    return cmp('@present', [literal('true')]);
  const name = head.text.replace(/~$/, '').toLowerCase();
  if (cursor.peek()?.text === '(' && name in FUNCTIONS) return call(cursor, name);
  if (cursor.peek()?.text === '(' && name === 'cidrmatch') return cidrMatch(cursor);
  if (cursor.peek()?.text === '(' && name === 'length') return lengthTest(cursor);
  if (cursor.peek()?.text === '(') throw new Untranslatable(`function ${head.text}`);
  const field = fieldName(head);
  const node = comparison(cursor, field);
  return isUncarriedField(field) ? cmp(NON_SELECTING, [literal(field)]) : node;
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

/**
 * `length(process.command_line) > 200`: how long a value is narrows a match in a way Sigma cannot say, like how many
 * arguments a process had: a test that selects nothing by itself.
 */
function lengthTest(cursor: Cursor): QueryNode {
  cursor.expect('(');
  const field = fieldName(cursor.next());
  cursor.expect(')');
  const op = cursor.next().text;
  if (!['<', '>', '<=', '>=', '==', '!='].includes(op)) throw new Untranslatable(`operator ${op} after length()`);
  valueText(cursor.next(), false);
  return cmp(NON_SELECTING, [literal(`length(${field})`)]);
}

function comparison(cursor: Cursor, field: string): QueryNode {
  const negated = cursor.accept('not');
  const op = cursor.next();
  let operator = op.text.toLowerCase();
  if (cursor.peek()?.text === '~' && operator !== ':') {
    cursor.next();
    operator += '~';
  }
  // `?process.parent.name != null`: the field is there, which any test of its value asks too.
  if (operator === '!=' && !negated && cursor.peek()?.type === 'word' && cursor.peek()?.text.toLowerCase() === 'null') {
    cursor.next();
    return cmp('@present', [literal(field)]);
  }
  // How many arguments a process had, and what Elastic Defend adds to its events, narrow a match in ways Sigma cannot
  // say: a test that selects nothing by itself.
  if (
    (/^process\.(?:parent\.)?args_count$/.test(field) || isUncarriedField(field)) &&
    ['<', '>', '<=', '>=', '==', '!='].includes(operator)
  ) {
    valueText(cursor.next(), false);
    return cmp(NON_SELECTING, [literal(field)]);
  }
  const bound = boundOf(operator);
  if (bound)
    return negated ? not(bounded(field, bound, valueText(cursor.next(), false))) : bounded(field, bound, valueText(cursor.next(), false));
  const values =
    operator === 'in' || operator === 'in~' || cursor.peek()?.text === '(' ? list(cursor, operator) : [one(cursor.next(), operator)];
  const node = cmp(field, values);
  if (operator === '!=' || negated) return not(node);
  if (!['==', ':', 'in', 'in~', 'like', 'like~', 'regex', 'regex~'].includes(operator)) throw new Untranslatable(`operator ${op.text}`);
  return node;
}

// The parent fields an ancestor's own process fields are, seen from its child.
const AS_PARENT: Readonly<Record<string, string>> = {
  'process.name': 'process.parent.name',
  'process.executable': 'process.parent.executable',
  'process.command_line': 'process.parent.command_line',
  'process.args': 'process.parent.args',
};

/**
 * `descendant of [process where process.name == "winword.exe"]` (and `child of`): the ancestor's tests as the
 * parent's, the one ancestor Sigma's process creation names. Only tests of the ancestor's program and command line
 * carry over.
 */
function ancestor(cursor: Cursor): QueryNode {
  cursor.expect('[');
  const inner = step(cursor);
  cursor.expect(']');
  if (inner.category !== 'process' && inner.category !== 'any') throw new Untranslatable(`ancestor ${inner.category}`);
  return asParent(inner.condition);
}

function asParent(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'cmp': {
      if (isMetaLike(node.field)) return node;
      const parent = AS_PARENT[node.field];
      if (!parent) throw new Untranslatable(`ancestor test of ${node.field}`);
      return cmp(parent, node.values);
    }
    case 'not':
      return not(asParent(node.child));
    default:
      return node.kind === 'and' ? and(node.children.map(asParent)) : or(node.children.map(asParent));
  }
}

const isMetaLike = (field: string): boolean => /^(?:event\.(?:type|category|action)|host\.os\.(?:type|family|name))$/.test(field);

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
