import { isPlainObject } from '../parse/parse-rule';
import { sigmaError } from './errors';
import { metaOf, Tracked, type RuleMeta, type SigmaRuleModel } from './rule-model';

/**
 * A Sigma correlation rule (event_count, value_count, temporal, temporal_ordered and the value
 * aggregations), with its referenced rules resolved by name or id within the same collection.
 */
export type CorrelationType =
  'event_count' | 'value_count' | 'temporal' | 'temporal_ordered' | 'value_sum' | 'value_avg' | 'value_percentile' | 'value_median';

const TYPES: readonly CorrelationType[] = [
  'event_count',
  'value_count',
  'temporal',
  'temporal_ordered',
  'value_sum',
  'value_avg',
  'value_percentile',
  'value_median',
];
const OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;
export type CorrelationOp = (typeof OPERATORS)[number];

export interface CorrelationCondition {
  op: CorrelationOp;
  count: number;
  fieldref: string | string[] | null;
  percentile?: number;
}

/** A temporal condition written as a boolean expression over the referenced rules' names. */
export type RuleExpression =
  { kind: 'rule'; name: string } | { kind: 'not'; arg: RuleExpression } | { kind: 'and' | 'or'; args: RuleExpression[] };

export interface CorrelationAlias {
  alias: string;
  /** Referenced rule name to its field. */
  mapping: Map<string, string>;
}

export interface Timespan {
  spec: string;
  count: number;
  unit: string;
  seconds: number;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800, M: 2629746, y: 31556952 };

export function parseTimespan(spec: string): Timespan {
  const match = /^(\d+)([smhdwMy])$/.exec(spec);
  if (!match) throw sigmaError('SigmaCorrelationRuleError', `Timespan '${spec}' is invalid.`);
  const count = Number(match[1]);
  const unit = match[2] as string;
  return { spec, count, unit, seconds: count * (UNIT_SECONDS[unit] ?? 1) };
}

export class CorrelationRuleModel extends Tracked {
  readonly kind = 'correlation' as const;
  referencedRules: Array<SigmaRuleModel | CorrelationRuleModel> = [];
  conversionResult: unknown[] = [];
  /** The pipeline state (`set_state` values) of each converted query, read by correlations (e.g. their index). */
  conversionStates: Array<Record<string, unknown>> = [];
  output = true;
  referencedBy = 0;
  customAttributes: Record<string, unknown> = {};

  constructor(
    public meta: RuleMeta,
    public type: CorrelationType,
    public ruleRefs: string[],
    public groupBy: string[] | null,
    public timespan: Timespan,
    public condition: CorrelationCondition | null,
    public expression: RuleExpression | null,
    public aliases: CorrelationAlias[],
    public generate: boolean,
    public fields: string[],
    readonly doc: Record<string, unknown>,
  ) {
    super();
  }

  static fromDocument(doc: Record<string, unknown>): CorrelationRuleModel {
    const correlation = doc.correlation;
    if (!isPlainObject(correlation))
      throw sigmaError('SigmaCorrelationRuleError', 'Sigma correlation rule must have a correlation section');
    const type = String(correlation.type) as CorrelationType;
    if (!TYPES.includes(type))
      throw sigmaError('SigmaCorrelationRuleError', `Sigma correlation rule type '${String(correlation.type)}' is invalid`);
    const timespanText = correlation.timespan ?? correlation.timeframe;
    if (timespanText === undefined) throw sigmaError('SigmaCorrelationRuleError', 'Sigma correlation rule without timespan');
    const groupBy = correlation['group-by'] === undefined ? null : toList(correlation['group-by']);
    const aliases = isPlainObject(correlation.aliases)
      ? Object.entries(correlation.aliases).map(([alias, mapping]) => ({
          alias,
          mapping: new Map(Object.entries(isPlainObject(mapping) ? mapping : {}).map(([rule, field]) => [rule, String(field)])),
        }))
      : [];
    let condition: CorrelationCondition | null = null;
    let expression: RuleExpression | null = null;
    let ruleRefs = toList(correlation.rules);
    if (typeof correlation.condition === 'string') {
      if (type !== 'temporal' && type !== 'temporal_ordered') {
        throw sigmaError('SigmaCorrelationRuleError', 'A condition expression is only allowed in temporal correlation rules');
      }
      expression = parseRuleExpression(correlation.condition);
      if (ruleRefs.length === 0) ruleRefs = expressionRules(expression);
    } else if (isPlainObject(correlation.condition)) {
      condition = conditionOf(correlation.condition, type);
    } else if (type === 'temporal' || type === 'temporal_ordered') {
      condition = { op: 'gte', count: ruleRefs.length, fieldref: null };
    } else throw sigmaError('SigmaCorrelationRuleError', 'Sigma correlation rule without condition');
    if (ruleRefs.length === 0) throw sigmaError('SigmaCorrelationRuleError', 'Sigma correlation rule without rule references');
    return new CorrelationRuleModel(
      metaOf(doc),
      type,
      ruleRefs,
      groupBy,
      parseTimespan(String(timespanText)),
      condition,
      expression,
      aliases,
      correlation.generate === true,
      Array.isArray(doc.fields) ? doc.fields.map(String) : [],
      doc,
    );
  }
}

function toList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function conditionOf(definition: Record<string, unknown>, type: CorrelationType): CorrelationCondition {
  const ops = OPERATORS.filter((op) => op in definition);
  if (ops.length !== 1) throw sigmaError('SigmaCorrelationRuleError', 'Sigma correlation condition must have exactly one operator');
  const op = ops[0] as CorrelationOp;
  const count = Number(definition[op]);
  if (!Number.isFinite(count))
    throw sigmaError('SigmaCorrelationRuleError', `Sigma correlation condition count '${String(definition[op])}' is not a number`);
  const field = definition.field;
  const fieldref = field === undefined || field === null ? null : Array.isArray(field) ? field.map(String) : String(field);
  if (type !== 'event_count' && type !== 'temporal' && type !== 'temporal_ordered' && fieldref === null) {
    throw sigmaError('SigmaCorrelationRuleError', `Correlation type '${type}' requires a field in its condition`);
  }
  const condition: CorrelationCondition = { op, count, fieldref };
  if (type === 'value_percentile') {
    if (definition.percentile === undefined)
      throw sigmaError('SigmaCorrelationRuleError', 'value_percentile correlation requires a percentile in its condition');
    condition.percentile = Number(definition.percentile);
  }
  return condition;
}

/** Parses `(a or b) and not c` over rule names. */
export function parseRuleExpression(text: string): RuleExpression {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let index = 0;
  const fail = (): never => {
    throw sigmaError('SigmaCorrelationRuleError', `Invalid correlation condition expression '${text}'`);
  };
  const level = (op: 'and' | 'or', next: () => RuleExpression): RuleExpression => {
    const args = [next()];
    while (tokens[index] === op) {
      index++;
      args.push(next());
    }
    return args.length === 1 ? (args[0] as RuleExpression) : { kind: op, args };
  };
  const orExpr = (): RuleExpression => level('or', andExpr);
  const andExpr = (): RuleExpression => level('and', notExpr);
  const notExpr = (): RuleExpression => {
    if (tokens[index] === 'not') {
      index++;
      return { kind: 'not', arg: notExpr() };
    }
    const token = tokens[index++];
    if (token === '(') {
      const inner = orExpr();
      if (tokens[index++] !== ')') fail();
      return inner;
    }
    if (token === undefined || token === ')' || ['and', 'or'].includes(token)) return fail();
    return { kind: 'rule', name: token };
  };
  const tree = orExpr();
  if (index !== tokens.length) fail();
  return tree;
}

export function expressionRules(expression: RuleExpression): string[] {
  const names: string[] = [];
  const visit = (node: RuleExpression): void => {
    if (node.kind === 'rule') {
      if (!names.includes(node.name)) names.push(node.name);
    } else if (node.kind === 'not') visit(node.arg);
    else node.args.forEach(visit);
  };
  visit(expression);
  return names;
}
