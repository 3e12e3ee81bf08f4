import { isPlainObject } from '../parse/parse-rule';
import { sigmaError } from './errors';
import type { ProcessedRule } from './pipeline-state';
import { pythonRegex, pythonSub } from './python-compat';
import { Detection, DetectionItem, SigmaRuleModel } from './rule-model';
import {
  DetectionItemTransformation,
  FieldMappingTransformation,
  ValueTransformation,
  type ItemContext,
  type Transformation,
} from './transformation-base';
import {
  SigmaBool,
  SigmaExpansion,
  SigmaNull,
  SigmaNumber,
  SigmaQueryExpression,
  SigmaRegex,
  SigmaString,
  WILDCARD_MULTI,
  isPlaceholder,
  isSpecial,
  type Placeholder,
  type SigmaValue,
  type StringPart,
} from './values';

/**
 * pySigma's transformations by their YAML `type`, each built from its YAML arguments. `nest` is
 * registered by the pipeline module (it needs to build processing items).
 */
type Args = Record<string, unknown>;
export type TransformationFactory = (args: Args) => Transformation;

const required = (args: Args, key: string, type: string): unknown => {
  if (args[key] === undefined) throw sigmaError('SigmaConfigurationError', `Error in transformation: ${type} requires '${key}'`);
  return args[key];
};

function mappingOf(value: unknown, type: string): Map<string | null, string | string[]> {
  if (!isPlainObject(value)) throw sigmaError('SigmaConfigurationError', `Error in transformation: ${type} requires a 'mapping' mapping`);
  return new Map(
    Object.entries(value).map(
      ([key, target]) => [key === 'null' ? key : key, Array.isArray(target) ? target.map(String) : String(target)] as const,
    ),
  );
}

class MapFields extends FieldMappingTransformation {
  constructor(readonly mapping: Map<string | null, string | string[]>) {
    super();
  }
  mapField(field: string | null): string | string[] | null {
    return field === null ? null : (this.mapping.get(field) ?? null);
  }
}

class MapFieldPrefixes extends FieldMappingTransformation {
  constructor(readonly mapping: Map<string | null, string | string[]>) {
    super();
  }
  mapField(field: string | null): string | string[] | null {
    if (field === null) return null;
    for (const [prefix, target] of this.mapping) {
      if (prefix !== null && field.startsWith(prefix)) {
        const rest = field.slice(prefix.length);
        return typeof target === 'string' ? target + rest : target.map((item) => item + rest);
      }
    }
    return null;
  }
}

class AffixFields extends FieldMappingTransformation {
  constructor(
    readonly prefix: string,
    readonly suffix: string,
  ) {
    super();
  }
  mapField(field: string | null): string | null {
    return field === null ? null : this.prefix + field + this.suffix;
  }
}

class DropItems extends DetectionItemTransformation {
  private static readonly DROPPED = new DetectionItem(null, [], []);
  applyItem(): DetectionItem {
    return DropItems.DROPPED;
  }
  protected override applyDetection(detection: Detection, context: ItemContext): void {
    super.applyDetection(detection, context);
    detection.items = detection.items.filter((item) => item !== DropItems.DROPPED);
  }
}

const HASH_LENGTHS: Record<number, string> = { 32: 'MD5', 40: 'SHA1', 64: 'SHA256', 128: 'SHA512' };

/** `Hashes: SHA1=...|MD5=...` becomes one item per algorithm (optionally prefixed), OR-linked. */
class SplitHashes extends DetectionItemTransformation {
  constructor(
    readonly algorithms: string[],
    readonly prefix: string,
    readonly dropAlgorithm: boolean,
  ) {
    super();
  }
  applyItem(item: DetectionItem): Detection | null {
    if (!item.values.every((value) => value instanceof SigmaString)) return null;
    const byField = new Map<string, string[]>();
    for (const value of item.values as SigmaString[]) {
      const text = value.toPlain();
      const parts = text.includes('|') ? text.split('|') : text.split('=');
      let algorithm: string;
      let hash: string;
      if (parts.length === 2) {
        algorithm = (parts[0] as string).replace(/^\*+/, '').toUpperCase();
        hash = parts[1] as string;
      } else {
        hash = parts[0] as string;
        algorithm = HASH_LENGTHS[hash.length] ?? '';
      }
      if (!this.algorithms.includes(algorithm)) continue;
      const field = `${this.prefix}${this.dropAlgorithm ? '' : algorithm}`;
      byField.set(field, [...(byField.get(field) ?? []), hash]);
    }
    if (byField.size === 0) {
      throw sigmaError(
        'InvalidHashAlgorithmError',
        `No valid hash algorithm found in Hashes field. Please use one of the following: ${this.algorithms.join(', ')}`,
      );
    }
    return new Detection(
      [...byField]
        .filter(([field]) => field !== '')
        .map(
          ([field, hashes]) =>
            new DetectionItem(
              field,
              [],
              hashes.map((hash) => SigmaString.parse(hash)),
            ),
        ),
      'or',
    );
  }
}

class PlaceholderFilter {
  constructor(
    readonly include: string[] | null,
    readonly exclude: string[] | null,
  ) {
    if (include && exclude)
      throw sigmaError('SigmaConfigurationError', 'Placeholder transformation include and exclude lists can only be used exclusively!');
  }
  handles(placeholder: Placeholder): boolean {
    return (
      (!this.include && !this.exclude) ||
      (this.include?.includes(placeholder.placeholder) ?? false) ||
      (this.exclude !== null && !this.exclude.includes(placeholder.placeholder))
    );
  }
}

class ReplacePlaceholders extends ValueTransformation {
  constructor(
    readonly filter: PlaceholderFilter,
    readonly replacements: (placeholder: Placeholder, context: ItemContext) => Array<StringPart | SigmaString>,
  ) {
    super();
  }
  applyValue(_field: string | null, value: SigmaValue, context: ItemContext): SigmaValue[] | null {
    const callback = (placeholder: Placeholder): Array<StringPart | SigmaString> =>
      this.filter.handles(placeholder) ? this.replacements(placeholder, context) : [placeholder];
    if (value instanceof SigmaString && value.containsPlaceholder(this.filter.include, this.filter.exclude))
      return value.replacePlaceholders(callback);
    if (value instanceof SigmaRegex && value.containsPlaceholder(this.filter.include, this.filter.exclude)) {
      return value.regexp
        .replacePlaceholders(callback)
        .map((text) => new SigmaRegex(SigmaString.parse(text.toPlain(), false), value.flags));
    }
    return null;
  }
}

function valueListReplacements(placeholder: Placeholder, context: ItemContext): SigmaString[] {
  if (!(placeholder.placeholder in context.state.vars)) {
    throw sigmaError('SigmaValueError', `Placeholder replacement variable '${placeholder.placeholder}' doesn't exists.`);
  }
  const raw = context.state.vars[placeholder.placeholder];
  const values = Array.isArray(raw) ? raw : [raw];
  if (!values.every((value) => typeof value === 'string' || typeof value === 'number')) {
    throw sigmaError(
      'SigmaValueError',
      `Replacement variable '${placeholder.placeholder}' contains value which is not a string or number.`,
    );
  }
  return values.map((value) => SigmaString.parse(String(value)));
}

class QueryExpressionPlaceholders extends ValueTransformation {
  constructor(
    readonly filter: PlaceholderFilter,
    readonly expression: string,
    readonly mapping: Record<string, string>,
  ) {
    super();
  }
  applyValue(_field: string | null, value: SigmaValue): SigmaValue | null {
    if (!(value instanceof SigmaString) || !value.containsPlaceholder()) return null;
    const only = value.parts.length === 1 ? value.parts[0] : undefined;
    if (only === undefined || !isPlaceholder(only)) {
      throw sigmaError('SigmaValueError', 'Placeholder query expression transformation only allows placeholder-only strings.');
    }
    if (!this.filter.handles(only)) return null;
    return new SigmaQueryExpression(this.expression, this.mapping[only.placeholder] || only.placeholder);
  }
}

class ReplaceString extends ValueTransformation {
  readonly regex: RegExp;
  constructor(
    regex: string,
    readonly replacement: string,
    readonly skipSpecial: boolean,
    readonly interpretSpecial: boolean,
  ) {
    super();
    this.regex = pythonRegex(regex);
  }
  applyValue(_field: string | null, value: SigmaValue): SigmaValue | null {
    const text = value instanceof SigmaNumber ? SigmaString.plain(value.toString()) : value;
    if (!(text instanceof SigmaString)) return null;
    if (this.skipSpecial) {
      const parts = text.parts.flatMap((part) => {
        if (typeof part !== 'string') return [part];
        const replaced = pythonSub(this.regex, this.replacement, part);
        return this.interpretSpecial ? SigmaString.parse(replaced).parts : [replaced];
      });
      return text.withParts(parts);
    }
    const replaced = pythonSub(this.regex, this.replacement, text.toPlain());
    const result = SigmaString.parse(replaced.replace(/\\(?![*?])/g, '\\\\'));
    return text.containsPlaceholder() ? result.insertPlaceholders() : result;
  }
}

class MapString extends ValueTransformation {
  constructor(readonly mapping: Record<string, unknown>) {
    super();
  }
  applyValue(_field: string | null, value: SigmaValue): SigmaValue | SigmaValue[] | null {
    if (!(value instanceof SigmaString)) return null;
    const mapped = this.mapping[value.toPlain()];
    if (typeof mapped === 'string') return SigmaString.parse(mapped);
    if (Array.isArray(mapped)) return mapped.map((item) => SigmaString.parse(String(item)));
    return null;
  }
}

const escapeRegex = (text: string): string => text.replace(/[^A-Za-z0-9_]/g, (c) => (c === ' ' ? '\\ ' : `\\${c}`));

/** A string as a regular expression (to emulate case-insensitive matching where a target lacks it). */
class ToRegex extends ValueTransformation {
  constructor(readonly method: string) {
    super();
    if (!['plain', 'ignore_case_flag', 'ignore_case_brackets'].includes(method)) {
      throw sigmaError('SigmaConfigurationError', `Invalid method '${method}' for CaseInsensitiveRegexTransformation.`);
    }
  }
  applyValue(_field: string | null, value: SigmaValue): SigmaValue | null {
    if (!(value instanceof SigmaString)) return null;
    if (value.parts.length === 0) return value;
    let regex = '';
    for (const part of value.parts) {
      if (typeof part === 'string') {
        regex +=
          this.method === 'ignore_case_brackets'
            ? [...part]
                .map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escapeRegex(c)))
                .join('')
            : escapeRegex(part);
      } else if (isSpecial(part)) regex += part.special === 'multi' ? '.*' : '.';
      else {
        throw sigmaError(
          'SigmaConfigurationError',
          `Placeholder '${part.placeholder}' can't be converted to a regular expression. Please use a placeholder resolution transformation before.`,
        );
      }
    }
    return SigmaRegex.of(regex, this.method === 'ignore_case_flag' ? ['i'] : []);
  }
}

class SetValue extends ValueTransformation {
  readonly value: SigmaValue;
  constructor(value: unknown, forceType: unknown) {
    super();
    if (forceType === undefined || forceType === null) {
      if (typeof value === 'string') this.value = SigmaString.parse(value);
      else if (typeof value === 'boolean') this.value = new SigmaBool(value);
      else if (typeof value === 'number') this.value = new SigmaNumber(value);
      else if (value === null || value === undefined) this.value = new SigmaNull();
      else throw sigmaError('SigmaConfigurationError', `Unsupported value type '${typeof value}' for SetValueTransformation`);
    } else if (forceType === 'str') this.value = SigmaString.parse(String(value));
    else if (forceType === 'num') {
      const number = Number(value);
      if (!Number.isFinite(number)) throw sigmaError('SigmaConfigurationError', `Value '${String(value)}' can't be converted to number`);
      this.value = new SigmaNumber(number);
    } else throw sigmaError('SigmaConfigurationError', `Invalid force_type '${String(forceType)}' in SigmaValueTransformation`);
  }
  applyValue(): SigmaValue {
    return this.value;
  }
}

class ConvertType extends ValueTransformation {
  constructor(readonly target: string) {
    super();
    if (target !== 'str' && target !== 'num')
      throw sigmaError('SigmaConfigurationError', `Invalid target type '${target}' for convert_type`);
  }
  private convert(value: SigmaValue): SigmaValue {
    if (value instanceof SigmaNull) return value;
    if (this.target === 'str') return value instanceof SigmaString ? value : SigmaString.plain(String(value));
    const number = Number(String(value));
    if (String(value).trim() === '' || !Number.isFinite(number))
      throw sigmaError('SigmaValueError', `Value '${String(value)}' can't be converted to number`);
    return new SigmaNumber(number);
  }
  applyValue(_field: string | null, value: SigmaValue): SigmaValue | null {
    if (value instanceof SigmaNull) return null;
    if (value instanceof SigmaExpansion) {
      value.values = value.values.map((inner) => this.convert(inner));
      return value;
    }
    return this.convert(value);
  }
}

class ChangeCase extends ValueTransformation {
  constructor(readonly method: string) {
    super();
    if (!['lower', 'upper', 'snake_case'].includes(method))
      throw sigmaError('SigmaConfigurationError', `Invalid method '${method}' for CaseTransformation.`);
  }
  applyValue(_field: string | null, value: SigmaValue): SigmaValue | null {
    if (!(value instanceof SigmaString)) return null;
    if (this.method === 'lower') return value.mapText((text) => text.toLowerCase());
    if (this.method === 'upper') return value.mapText((text) => text.toUpperCase());
    return value.mapText((text) => text.replace(/(?<!^)(?=[A-Z])/g, '_').toLowerCase());
  }
}

class DetectionItemFailure extends DetectionItemTransformation {
  constructor(readonly message: string) {
    super();
  }
  applyItem(): null {
    throw sigmaError('SigmaTransformationError', this.message);
  }
}

/** A rule-level transformation: marks the rule as processed, then does its work. */
const ruleLevel = (work: (rule: ProcessedRule, context: ItemContext) => void): Transformation => ({
  apply(rule, context) {
    rule.markApplied(context.id);
    work(rule, context);
  },
});

let conditionCounter = 0;

function addCondition(args: Args): Transformation {
  const conditions = isPlainObject(args.conditions) ? args.conditions : {};
  const name = typeof args.name === 'string' ? args.name : `_cond_${(conditionCounter++).toString(36).padStart(6, '0')}`;
  const negated = args.negated === true;
  return ruleLevel((rule, context) => {
    if (!(rule instanceof SigmaRuleModel)) return;
    const substitute = (text: unknown): unknown =>
      typeof text === 'string' && args.template === true
        ? text.replace(/\$(?:\{(category|product|service)\}|(category|product|service)(?!\w))/g, (all, braced?: string, bare?: string) => {
            const value = rule.logsource[(braced ?? bare) as 'category' | 'product' | 'service'];
            return typeof value === 'string' ? value : all;
          })
        : text;
    const definition = Object.fromEntries(
      Object.entries(conditions).map(([field, value]) => [field, Array.isArray(value) ? value.map(substitute) : substitute(value)]),
    );
    const detection = Detection.fromDefinition(definition);
    rule.detections.set(name, detection);
    detection.markApplied(context.id);
    for (const condition of rule.conditions) {
      condition.condition = `${negated ? 'not ' : ''}${name} and (${condition.condition})`;
      condition.markApplied(context.id);
    }
  });
}

function strictFieldMapping(): Transformation {
  return ruleLevel((rule, context) => {
    if (!(rule instanceof SigmaRuleModel)) return;
    const fields = new Set<string>();
    const visit = (detection: Detection): void => {
      for (const item of detection.items) {
        if (item instanceof Detection) visit(item);
        else if (item.field !== null) fields.add(item.field);
      }
    };
    rule.detections.forEach(visit);
    const unmapped = [...fields].filter((field) => !context.state.isMapped(field));
    if (unmapped.length > 0) throw sigmaError('SigmaTransformationError', `The following fields are not mapped: ${unmapped.join(', ')}`);
  });
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined || value === null ? [] : [String(value)];
const filterOf = (args: Args): PlaceholderFilter =>
  new PlaceholderFilter(
    args.include === undefined || args.include === null ? null : listOf(args.include),
    args.exclude === undefined || args.exclude === null ? null : listOf(args.exclude),
  );

export const TRANSFORMATIONS: Record<string, TransformationFactory> = {
  field_name_mapping: (args) => new MapFields(mappingOf(required(args, 'mapping', 'field_name_mapping'), 'field_name_mapping')),
  field_name_prefix_mapping: (args) =>
    new MapFieldPrefixes(mappingOf(required(args, 'mapping', 'field_name_prefix_mapping'), 'field_name_prefix_mapping')),
  field_name_suffix: (args) => new AffixFields('', String(required(args, 'suffix', 'field_name_suffix'))),
  field_name_prefix: (args) => new AffixFields(String(required(args, 'prefix', 'field_name_prefix')), ''),
  drop_detection_item: () => new DropItems(),
  hashes_fields: (args) =>
    new SplitHashes(
      listOf(required(args, 'valid_hash_algos', 'hashes_fields')),
      String(args.field_prefix ?? ''),
      args.drop_algo_prefix === true,
    ),
  wildcard_placeholders: (args) => new ReplacePlaceholders(filterOf(args), () => [WILDCARD_MULTI]),
  value_placeholders: (args) => new ReplacePlaceholders(filterOf(args), valueListReplacements),
  query_expression_placeholders: (args) =>
    new QueryExpressionPlaceholders(
      filterOf(args),
      String(args.expression ?? ''),
      isPlainObject(args.mapping) ? (args.mapping as Record<string, string>) : {},
    ),
  add_condition: addCondition,
  change_logsource: (args) =>
    ruleLevel((rule) => {
      if (!(rule instanceof SigmaRuleModel)) return;
      rule.logsource = {};
      for (const key of ['category', 'product', 'service'] as const)
        if (typeof args[key] === 'string') rule.logsource[key] = args[key] as string;
    }),
  add_field: (args) => ruleLevel((rule) => rule.fields.push(...listOf(required(args, 'field', 'add_field')))),
  remove_field: (args) =>
    ruleLevel((rule) => {
      for (const field of listOf(required(args, 'field', 'remove_field'))) {
        const index = rule.fields.indexOf(field);
        if (index >= 0) rule.fields.splice(index, 1);
      }
    }),
  set_field: (args) => ruleLevel((rule) => (rule.fields = listOf(required(args, 'fields', 'set_field')))),
  replace_string: (args) =>
    new ReplaceString(
      String(required(args, 'regex', 'replace_string')),
      String(required(args, 'replacement', 'replace_string')),
      args.skip_special === true,
      args.interpret_special === true,
    ),
  map_string: (args) => new MapString(isPlainObject(args.mapping) ? args.mapping : {}),
  set_state: (args) => ruleLevel((_rule, context) => (context.state.values[String(required(args, 'key', 'set_state'))] = args.val)),
  regex: (args) => new ToRegex(String(args.method ?? 'ignore_case_brackets')),
  set_value: (args) => new SetValue(args.value, args.force_type),
  convert_type: (args) => new ConvertType(String(required(args, 'target_type', 'convert_type'))),
  rule_failure: (args) =>
    ruleLevel(() => {
      throw sigmaError('SigmaTransformationError', String(required(args, 'message', 'rule_failure')));
    }),
  detection_item_failure: (args) => new DetectionItemFailure(String(required(args, 'message', 'detection_item_failure'))),
  strict_field_mapping_failure: strictFieldMapping,
  set_custom_attribute: (args) =>
    ruleLevel((rule) => (rule.customAttributes[String(required(args, 'attribute', 'set_custom_attribute'))] = args.value)),
  case: (args) => new ChangeCase(String(args.method ?? 'lower')),
};
