import { sigmaError } from './errors';
import { Detection, DetectionItem, type SigmaRuleModel } from './rule-model';
import { SigmaNull, type SigmaValue } from './values';

/**
 * The condition of a rule resolved against its (processed) detections, as pySigma's backends walk
 * it: and/or/not over `field = value` and bare `value` leaves. Single-argument and/or collapse, and
 * branches whose detections were all dropped by a pipeline disappear.
 */
export type CondNode = AndOrNode | NotNode | FieldNode | ValueNode;
interface Base {
  parent: CondNode | null;
}
/** Condition-level and/or keep branches that resolved to nothing as null (pySigma does; it changes grouping). */
export interface AndOrNode extends Base {
  kind: 'and' | 'or';
  args: Array<CondNode | null>;
}
export interface NotNode extends Base {
  kind: 'not';
  arg: CondNode | null;
}
export interface FieldNode extends Base {
  kind: 'field';
  field: string;
  value: SigmaValue;
}
export interface ValueNode extends Base {
  kind: 'value';
  value: SigmaValue;
}

type Parsed =
  | { kind: 'and' | 'or'; args: Parsed[] }
  | { kind: 'not'; arg: Parsed }
  | { kind: 'id'; name: string }
  | { kind: 'selector'; quantifier: 'or' | 'and'; pattern: string };

/** Parses `sel and not 1 of filter*` with pySigma's grammar (lower-case operators, `1|any|all of`). */
export function parseConditionText(text: string): Parsed {
  if (text.includes('|')) {
    throw sigmaError(
      'SigmaConditionError',
      "The pipe syntax in Sigma conditions has been deprecated and replaced by Sigma correlations. pySigma doesn't supports this syntax.",
    );
  }
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let index = 0;
  const fail = (message: string): never => {
    throw sigmaError('SigmaConditionError', `${message} in condition '${text}'`);
  };
  const peek = (): string | undefined => tokens[index];
  const orExpr = (): Parsed => {
    const args = [andExpr()];
    while (peek() === 'or') {
      index++;
      args.push(andExpr());
    }
    return args.length === 1 ? (args[0] as Parsed) : { kind: 'or', args };
  };
  const andExpr = (): Parsed => {
    const args = [notExpr()];
    while (peek() === 'and') {
      index++;
      args.push(notExpr());
    }
    return args.length === 1 ? (args[0] as Parsed) : { kind: 'and', args };
  };
  const notExpr = (): Parsed => {
    if (peek() === 'not') {
      index++;
      return { kind: 'not', arg: notExpr() };
    }
    return primary();
  };
  const primary = (): Parsed => {
    const token = peek();
    if (token === undefined) return fail('Expected an identifier');
    if (token === '(') {
      index++;
      const inner = orExpr();
      if (peek() !== ')') fail("Expected ')'");
      index++;
      return inner;
    }
    if (['1', 'any', 'all'].includes(token) && tokens[index + 1] === 'of') {
      const pattern = tokens[index + 2];
      if (pattern === undefined || !/^[A-Za-z0-9*_]+$/.test(pattern)) return fail('Expected an identifier pattern after "of"');
      index += 3;
      return { kind: 'selector', quantifier: token === 'all' ? 'and' : 'or', pattern };
    }
    if (!/^[A-Za-z0-9_-]+$/.test(token) || ['and', 'or', 'not', ')'].includes(token)) return fail(`Unexpected '${token}'`);
    index++;
    return { kind: 'id', name: token };
  };
  if (tokens.length === 0) fail('Empty condition');
  const tree = orExpr();
  if (index < tokens.length) fail(`Unexpected '${tokens[index] ?? ''}'`);
  return tree;
}

/** Identifiers an `of` pattern selects: pySigma matches the pattern at the start of the name (`re.match`). */
export function selectIdentifiers(pattern: string, names: Iterable<string>): string[] {
  const regex = pattern === 'them' ? /.*/ : new RegExp(`^(?:${pattern.replace(/\*/g, '.*')})`);
  return [...names].filter((name) => regex.test(name) && !name.startsWith('_'));
}

function linked(kind: 'and' | 'or', args: Array<CondNode | null>, parent: CondNode | null): CondNode | null {
  const present = args.filter((arg): arg is CondNode => arg !== null);
  if (present.length === 0) return null;
  if (present.length === 1) {
    const only = present[0] as CondNode;
    only.parent = parent;
    return only;
  }
  const node: AndOrNode = { kind, args: present, parent };
  present.forEach((arg) => (arg.parent = node));
  return node;
}

function itemNode(item: DetectionItem): CondNode | null {
  const leaf = (value: SigmaValue): CondNode =>
    item.field === null ? { kind: 'value', value, parent: null } : { kind: 'field', field: item.field, value, parent: null };
  if (item.values.length === 0) {
    if (item.field === null) throw sigmaError('SigmaConditionError', 'Null value must be bound to a field');
    return { kind: 'field', field: item.field, value: new SigmaNull(), parent: null };
  }
  if (item.values.length === 1) return leaf(item.values[0] as SigmaValue);
  return linked(item.linking, item.values.map(leaf), null);
}

function detectionNode(detection: Detection): CondNode | null {
  const args = detection.items.map((item) => (item instanceof Detection ? detectionNode(item) : itemNode(item)));
  return linked(detection.linking, args, null);
}

/** Condition-level linking: resolved branches stay even when null; a single one stands for the node. */
function keptLinked(kind: 'and' | 'or', args: Array<CondNode | null>): CondNode | null {
  if (args.length === 0) return null;
  if (args.length === 1) return args[0] ?? null;
  const node: AndOrNode = { kind, args, parent: null };
  args.forEach((arg) => arg && (arg.parent = node));
  return node;
}

/** The condition tree of the rule's condition number `index`, or null when nothing is left of it. */
export function conditionTree(rule: SigmaRuleModel, index: number): CondNode | null {
  const text = rule.conditions[index]?.condition ?? '';
  const resolve = (parsed: Parsed): CondNode | null => {
    switch (parsed.kind) {
      case 'id': {
        const detection = rule.detections.get(parsed.name);
        if (!detection) throw sigmaError('SigmaConditionError', `Detection '${parsed.name}' not defined in detections`);
        return detectionNode(detection);
      }
      case 'selector':
        return keptLinked(
          parsed.quantifier,
          selectIdentifiers(parsed.pattern, rule.detections.keys()).map((name) => resolve({ kind: 'id', name })),
        );
      case 'not': {
        const arg = resolve(parsed.arg);
        const node: NotNode = { kind: 'not', arg, parent: null };
        if (arg) arg.parent = node;
        return node;
      }
      default:
        return keptLinked(parsed.kind, parsed.args.map(resolve));
    }
  };
  return resolve(parseConditionText(text));
}

/** True when a NOT encloses the node (backends with `!=` operators write negated leaves directly). */
export function underNot(node: CondNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current.kind === 'not') return true;
  return false;
}

/** True when an OR encloses the node (targets that cannot combine some constructs with OR check this). */
export function underOr(node: CondNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current.kind === 'or') return true;
  return false;
}
