import { isPlainObject } from '../parse/parse-rule';
import { sigmaError } from './errors';
import { Detection, DetectionItem, SigmaRuleModel } from './rule-model';
import type { PipelineState, ProcessedRule } from './pipeline-state';
import { SigmaBool, SigmaFieldRef, SigmaNull, SigmaNumber, SigmaString, sigmaValueOf, type SigmaValue } from './values';

/**
 * The conditions of pySigma's processing items, by their YAML `type`: on the rule (logsource, tags,
 * attributes, state), on a detection item (its values) and on a field name.
 */
export interface RuleCondition {
  matchRule(rule: ProcessedRule, state: PipelineState): boolean;
}
export interface ItemCondition {
  matchItem(item: DetectionItem, state: PipelineState): boolean;
}
export interface FieldCondition {
  matchField(field: string | null, state: PipelineState): boolean;
  /** A detection item matches on its field or on a field reference among its values. */
  matchItemField?(item: DetectionItem, state: PipelineState): boolean;
}

type Args = Record<string, unknown>;

const str = (args: Args, key: string): string | undefined =>
  args[key] === undefined || args[key] === null ? undefined : String(args[key]);
const strList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined || value === null ? [] : [String(value)];

function logsourceCondition(args: Args): RuleCondition {
  const wanted = { category: str(args, 'category'), product: str(args, 'product'), service: str(args, 'service') };
  const matches = (rule: ProcessedRule): boolean => {
    if (rule instanceof SigmaRuleModel) {
      return (['category', 'product', 'service'] as const).every((key) => wanted[key] === undefined || wanted[key] === rule.logsource[key]);
    }
    return rule.referencedRules.some(matches);
  };
  return { matchRule: matches };
}

function findItem(rule: ProcessedRule, test: (item: DetectionItem) => boolean): boolean {
  if (!(rule instanceof SigmaRuleModel)) return false;
  const visit = (detection: Detection): boolean => detection.items.some((item) => (item instanceof Detection ? visit(item) : test(item)));
  return [...rule.detections.values()].some(visit);
}

function valueEquals(value: SigmaValue, expected: unknown): boolean {
  if (value instanceof SigmaString) return typeof expected === 'string' && value.equals(expected);
  if (value instanceof SigmaNumber) return typeof expected === 'number' && value.value === expected;
  if (value instanceof SigmaBool) return typeof expected === 'boolean' && value.value === expected;
  if (value instanceof SigmaNull) return expected === null;
  return false;
}

function compareState(state: PipelineState, args: Args): boolean {
  const key = String(args.key);
  if (!(key in state.values)) return false;
  const actual = state.values[key] as number | string;
  const expected = args.val as number | string;
  switch (String(args.op ?? 'eq')) {
    case 'eq':
      return actual === expected;
    case 'ne':
      return actual !== expected;
    case 'gte':
      return actual >= expected;
    case 'gt':
      return actual > expected;
    case 'lte':
      return actual <= expected;
    case 'lt':
      return actual < expected;
    default:
      throw sigmaError('SigmaConfigurationError', `Invalid operation '${String(args.op)}' in state condition`);
  }
}

function ruleAttribute(args: Args): RuleCondition {
  const op = String(args.op ?? 'eq');
  const levels = ['informational', 'low', 'medium', 'high', 'critical'];
  const statuses = ['unsupported', 'deprecated', 'experimental', 'test', 'stable'];
  return {
    matchRule(rule) {
      const attribute = String(args.attribute);
      const meta = rule.meta as unknown as Record<string, unknown>;
      const value = attribute in meta ? meta[attribute] : rule.customAttributes[attribute];
      if (value === undefined) return false;
      if (Array.isArray(value)) {
        if (op === 'in') return value.map(String).includes(String(args.value));
        if (op === 'not_in') return !value.map(String).includes(String(args.value));
        return op === 'ne';
      }
      const order = attribute === 'level' ? levels : attribute === 'status' ? statuses : null;
      const left = order ? order.indexOf(String(value)) : typeof value === 'number' ? value : String(value);
      const right = order
        ? order.indexOf(String(args.value).toLowerCase())
        : typeof value === 'number'
          ? Number(args.value)
          : String(args.value);
      if (!order && typeof value !== 'number' && !['eq', 'ne'].includes(op)) {
        throw sigmaError('SigmaConfigurationError', `Invalid operation '${op}' for string comparison in rule attribute condition`);
      }
      const result = { eq: left === right, ne: left !== right, gte: left >= right, gt: left > right, lte: left <= right, lt: left < right }[
        op
      ];
      if (result === undefined) throw sigmaError('SigmaConfigurationError', `Invalid operation '${op}' in rule attribute condition`);
      return result;
    },
  };
}

export const RULE_CONDITIONS: Record<string, (args: Args) => RuleCondition> = {
  logsource: logsourceCondition,
  contains_detection_item: (args) => ({
    matchRule: (rule) =>
      findItem(
        rule,
        (item) => item.field !== null && item.field === str(args, 'field') && item.values.some((value) => valueEquals(value, args.value)),
      ),
  }),
  contains_field: (args) => ({ matchRule: (rule) => findItem(rule, (item) => item.field !== null && item.field === str(args, 'field')) }),
  processing_item_applied: (args) => ({ matchRule: (rule) => rule.wasProcessedBy(String(args.processing_item_id)) }),
  processing_state: (args) => ({ matchRule: (_rule, state) => compareState(state, args) }),
  is_sigma_rule: () => ({ matchRule: (rule) => rule instanceof SigmaRuleModel }),
  is_sigma_correlation_rule: () => ({ matchRule: (rule) => !(rule instanceof SigmaRuleModel) }),
  rule_attribute: ruleAttribute,
  tag: (args) => ({ matchRule: (rule) => rule.meta.tags.map((tag) => tag.toLowerCase()).includes(String(args.tag).toLowerCase()) }),
};

function valueCondition(args: Args, test: (value: SigmaValue) => boolean): ItemCondition {
  const cond = String(args.cond ?? 'any');
  if (cond !== 'any' && cond !== 'all') {
    throw sigmaError('SigmaConfigurationError', `The value '${cond}' for the 'cond' parameter is invalid. It must be 'any' or 'all'.`);
  }
  return { matchItem: (item) => (cond === 'any' ? item.values.some(test) : item.values.every(test)) };
}

export const ITEM_CONDITIONS: Record<string, (args: Args) => ItemCondition> = {
  match_string: (args) => {
    const regex = new RegExp(`^(?:${String(args.pattern)})`);
    const negate = args.negate === true;
    return valueCondition(args, (value) => (value instanceof SigmaString && regex.test(value.toPlain())) !== negate);
  },
  match_value: (args) => valueCondition(args, (value) => valueEquals(value, args.value)),
  contains_wildcard: (args) => valueCondition(args, (value) => value instanceof SigmaString && value.containsSpecial()),
  is_null: (args) => valueCondition(args, (value) => value instanceof SigmaNull),
  processing_item_applied: (args) => ({ matchItem: (item) => item.wasProcessedBy(String(args.processing_item_id)) }),
  processing_state: (args) => ({ matchItem: (_item, state) => compareState(state, args) }),
};

function fieldList(args: Args, include: boolean): FieldCondition {
  const fields = strList(args.fields);
  const mode = String(args.mode ?? 'plain');
  if (mode !== 'plain' && mode !== 're') {
    throw sigmaError('SigmaConfigurationError', `Invalid field name matching mode '${mode}', supported types are 'plain' or 're'.`);
  }
  const patterns = mode === 're' ? fields.map((field) => new RegExp(`^(?:${field})`)) : [];
  const matchField = (field: string | null): boolean => {
    const found = field !== null && (mode === 'plain' ? fields.includes(field) : patterns.some((pattern) => pattern.test(field)));
    return include ? found : !found;
  };
  return {
    matchField,
    matchItemField: (item) =>
      matchField(item.field) || item.values.some((value) => value instanceof SigmaFieldRef && matchField(value.field)),
  };
}

export const FIELD_CONDITIONS: Record<string, (args: Args) => FieldCondition> = {
  include_fields: (args) => fieldList(args, true),
  exclude_fields: (args) => fieldList(args, false),
  processing_item_applied: (args) => ({
    matchField: (field, state) => state.fieldWasProcessedBy(field, String(args.processing_item_id)),
    matchItemField: (item) => item.wasProcessedBy(String(args.processing_item_id)),
  }),
  processing_state: (args) => ({ matchField: (_field, state) => compareState(state, args) }),
};

/** Builds named or listed conditions from their YAML definitions. */
export function buildConditions<T>(
  registry: Record<string, (args: Args) => T>,
  definitions: unknown,
  what: string,
): { list: T[]; named: Map<string, T> | null } {
  const build = (definition: unknown, ref: string): T => {
    if (!isPlainObject(definition)) throw sigmaError('SigmaConfigurationError', `Condition ${ref} must be a mapping`);
    const type = definition.type;
    if (typeof type !== 'string') throw sigmaError('SigmaConfigurationError', `Missing condition type defined in condition ${ref}`);
    const factory = registry[type];
    if (!factory) throw sigmaError('SigmaConfigurationError', `Unknown ${what} condition type '${type}' in condition ${ref}`);
    return factory(definition);
  };
  if (definitions === undefined || definitions === null) return { list: [], named: null };
  if (Array.isArray(definitions)) return { list: definitions.map((definition, i) => build(definition, String(i + 1))), named: null };
  if (isPlainObject(definitions)) {
    const named = new Map(Object.entries(definitions).map(([key, definition]) => [key, build(definition, key)] as const));
    return { list: [...named.values()], named };
  }
  throw sigmaError('SigmaTypeError', 'Conditions must be provided as list or dict');
}

export { sigmaValueOf };
