/**
 * The boolean core every query language shares, as its parsers read it: comparisons of a field with values, joined by
 * and, or and not. Field names are the query's own (ECS for Elastic's languages, Sysmon's for Splunk searches over
 * Sysmon); ecs-fields.ts maps them to Sigma's.
 */

/**
 * One value a field is compared with: literal text, a wildcard pattern (`*` any run, `?` one character), a regex, a
 * network, or a number the field's value is below (lt, lte) or above (gt, gte).
 */
export interface QueryValue {
  text: string;
  kind: 'literal' | 'wildcard' | 'regex' | 'cidr' | NumericBound;
}

export type NumericBound = 'lt' | 'lte' | 'gt' | 'gte';

const BOUNDS: Readonly<Record<string, NumericBound>> = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };

/** `field > 1024`: the operator as a bound, when it is one (`<`, `<=`, `>`, `>=`). */
export const boundOf = (operator: string): NumericBound | undefined => BOUNDS[operator];

/** A numeric comparison: the field's value above or below a number; a date or a text bound is no number Sigma compares. */
export function bounded(field: string, bound: NumericBound, text: string): QueryNode {
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) throw new Untranslatable(`comparison with ${text}`);
  return cmp(field, [{ text, kind: bound }]);
}

export type QueryNode =
  | { kind: 'cmp'; field: string; values: QueryValue[] }
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode };

/**
 * The field of a test Sigma cannot make but that only narrows the query (how many arguments, Elastic's process
 * details): left out of the rule like the log's own tests, and only where the rest still selects something specific.
 */
export const NON_SELECTING = '@non-selecting';

/**
 * Why a query was left out, as a detection engineer would sort the cases: a field Sigma's taxonomy has no name for, a
 * construct (operator, function, command) with no Sigma equivalent, a log or table no Sigma logsource reads, a query
 * that selects nothing beyond its log, or text the parser could not read.
 */
export type DropCode = 'unmapped-field' | 'unsupported-construct' | 'unsupported-source' | 'no-selection' | 'syntax';

// How a reason's wording sorts it, for the throws that do not name their code.
const CODES: Array<[RegExp, DropCode]> = [
  [/^(?:unmapped field|column|field|ancestor test of) /, 'unmapped-field'],
  [
    /^(?:language|Kusto table|osquery table|Sysmon event|ancestor|no event category|not a single table|an event this table)\b/,
    'unsupported-source',
  ],
  [
    /^(?:nothing tested|too little selected|no WHERE|no filter|no include filter|no auditd rule|no Falco rule|no osquery WHERE|a value that matches anything|sequence without steps)/,
    'no-selection',
  ],
  [/^(?:unexpected|expected|unterminated)\b/, 'syntax'],
];

/** A construct the translation cannot carry into Sigma faithfully: the whole query is left out, never half of it. */
export class Untranslatable extends Error {
  readonly code: DropCode;
  constructor(message: string, code?: DropCode) {
    super(message);
    this.code = code ?? CODES.find(([pattern]) => pattern.test(message))?.[1] ?? 'unsupported-construct';
  }
}

export const cmp = (field: string, values: QueryValue[]): QueryNode => ({ kind: 'cmp', field, values });
export const literal = (text: string): QueryValue => ({ text, kind: 'literal' });
export const pattern = (text: string): QueryValue => ({ text, kind: /[*?]/.test(text) ? 'wildcard' : 'literal' });

export function and(children: QueryNode[]): QueryNode {
  const flat = children.flatMap((child) => (child.kind === 'and' ? child.children : [child]));
  return flat.length === 1 ? (flat[0] as QueryNode) : { kind: 'and', children: flat };
}

export function or(children: QueryNode[]): QueryNode {
  const flat = children.flatMap((child) => (child.kind === 'or' ? child.children : [child]));
  return flat.length === 1 ? (flat[0] as QueryNode) : { kind: 'or', children: flat };
}

export const not = (child: QueryNode): QueryNode => (child.kind === 'not' ? child.child : { kind: 'not', child });

/** Every comparison of a tree, whatever its polarity. */
export function comparisons(node: QueryNode): Array<Extract<QueryNode, { kind: 'cmp' }>> {
  if (node.kind === 'cmp') return [node];
  if (node.kind === 'not') return comparisons(node.child);
  return node.children.flatMap(comparisons);
}

/**
 * The tree without the comparisons `drop` picks (those that say which log to read, not what happened): each is
 * neither true nor false but absent, so `event.type == "start" and process.name == "sh"` keeps the second test, and
 * `not event.type == "end"` leaves nothing. Null when nothing is left.
 */
export function without(node: QueryNode, drop: (field: string) => boolean): QueryNode | null {
  switch (node.kind) {
    case 'cmp':
      return drop(node.field) ? null : node;
    case 'not': {
      const child = without(node.child, drop);
      return child ? not(child) : null;
    }
    default: {
      const children = node.children.map((child) => without(child, drop)).filter((child): child is QueryNode => child !== null);
      if (children.length === 0) return null;
      return node.kind === 'and' ? and(children) : or(children);
    }
  }
}
