import { underNot, type AndOrNode, type CondNode, type FieldNode, type NotNode, type ValueNode } from '../pipeline/condition-tree';
import { sigmaError } from '../pipeline/errors';
import { pythonFormat } from '../pipeline/python-compat';
import {
  SigmaBool,
  SigmaCasedString,
  SigmaCidr,
  SigmaCompare,
  SigmaExists,
  SigmaExpansion,
  SigmaFieldRef,
  SigmaNull,
  SigmaNumber,
  SigmaQueryExpression,
  SigmaRegex,
  SigmaString,
  SigmaTimestampPart,
  WILDCARD_MULTI,
  netmaskText,
  networkAddressText,
  type CompareOp,
  type RegexFlag,
  type SigmaValue,
  type TimestampPart,
} from '../pipeline/values';
import { ConversionState, isDeferred, type Converted, type DeferredExpression } from './conversion-state';

/**
 * The shared base of the text query targets, after pySigma's TextQueryBackend: a target is mostly
 * data (tokens, quoting, escaping and expression templates); it overrides a method only where its
 * language needs more than a template. Templates use Python's `{name}` format syntax, as upstream.
 */
export type Template = string | null;

export abstract class TextQueryBackend {
  // Precedence and grouping: operators from tightest to loosest binding
  precedence: ReadonlyArray<CondNode['kind']> = ['not', 'and', 'or'];
  groupExpression: Template = null;
  parenthesize = false;
  // Tokens
  tokenSeparator = ' ';
  orToken = '';
  andToken = '';
  notToken = '';
  eqToken = '';
  notEqToken: Template = null;
  eqExpression = '{field}{backend.eq_token}{value}';
  notEqExpression = '{field}{backend.not_eq_token}{value}';
  convertNotAsNotEq = false;
  queryExpression = '{query}';
  stateDefaults: Record<string, unknown> = {};
  // Field names
  fieldQuote: string | null = null;
  fieldQuotePattern: RegExp | null = null;
  fieldQuotePatternNegation = true;
  fieldEscape: string | null = null;
  fieldEscapeQuote = true;
  fieldEscapePattern: RegExp | null = null;
  // Strings
  strQuote = '';
  strQuotePattern: RegExp | null = null;
  strQuotePatternNegation = true;
  escapeChar: string | null = null;
  wildcardMulti: string | null = null;
  wildcardSingle: string | null = null;
  addEscaped = '';
  filterChars = '';
  addEscapedRe = '';
  boolValues: Record<'true' | 'false', string | null> = { true: null, false: null };
  // String matching
  startswithExpression: Template = null;
  notStartswithExpression: Template = null;
  startswithExpressionAllowSpecial = false;
  endswithExpression: Template = null;
  notEndswithExpression: Template = null;
  endswithExpressionAllowSpecial = false;
  containsExpression: Template = null;
  notContainsExpression: Template = null;
  containsExpressionAllowSpecial = false;
  wildcardMatchExpression: Template = null;
  // Regular expressions
  reExpression: Template = null;
  notReExpression: Template = null;
  reEscapeChar = '\\';
  reEscape: string[] = [];
  reEscapeEscapeChar = true;
  reFlagPrefix = true;
  reFlags: Partial<Record<RegexFlag, string>> = { i: 'i', m: 'm', s: 's' };
  // Case-sensitive matching
  caseSensitiveMatchExpression: Template = null;
  caseSensitiveStartswithExpression: Template = null;
  caseSensitiveNotStartswithExpression: Template = null;
  caseSensitiveStartswithExpressionAllowSpecial = false;
  caseSensitiveEndswithExpression: Template = null;
  caseSensitiveNotEndswithExpression: Template = null;
  caseSensitiveEndswithExpressionAllowSpecial = false;
  caseSensitiveContainsExpression: Template = null;
  caseSensitiveNotContainsExpression: Template = null;
  caseSensitiveContainsExpressionAllowSpecial = false;
  // Other value types
  cidrExpression: Template = null;
  notCidrExpression: Template = null;
  compareOpExpression: Template = null;
  compareOperators: Partial<Record<CompareOp, string>> | null = null;
  fieldEqualsFieldExpression: Template = null;
  fieldEqualsFieldStartswithExpression: Template = null;
  fieldEqualsFieldEndswithExpression: Template = null;
  fieldEqualsFieldContainsExpression: Template = null;
  fieldEqualsFieldEscapingQuoting: [boolean, boolean] = [true, true];
  fieldTimestampPartExpression: Template = null;
  timestampPartMapping: Partial<Record<TimestampPart, string>> | null = null;
  fieldNullExpression: Template = null;
  fieldExistsExpression: Template = null;
  fieldNotExistsExpression: Template = null;
  // Lists
  convertOrAsIn = false;
  convertAndAsIn = false;
  inExpressionsAllowWildcards = false;
  fieldInListExpression: Template = null;
  orInOperator: Template = null;
  andInOperator: Template = null;
  listSeparator: Template = null;
  // Values without field
  unboundValueStrExpression: Template = null;
  unboundValueNumExpression: Template = null;
  unboundValueReExpression: Template = null;
  // Deferred parts
  deferredStart: Template = null;
  deferredSeparator: Template = null;
  deferredOnlyQuery = '';
  emptyOrExpression: string | null = null;
  emptyAndExpression: string | null = null;

  /** Python format with the usual template fields (`backend.x` reads this backend's snake_case settings). */
  format(template: string, values: Record<string, unknown>): string {
    return pythonFormat(template, (path) => {
      const [head, ...rest] = path;
      if (head === 'backend') return this.setting(rest.join('.'));
      let current: unknown = values[head ?? ''];
      for (const key of rest) current = current === null || current === undefined ? undefined : (current as Record<string, unknown>)[key];
      return current;
    });
  }

  private setting(snake: string): unknown {
    const camel = snake.replace(/_(\w)/g, (_all, c: string) => c.toUpperCase());
    return (this as unknown as Record<string, unknown>)[camel];
  }

  // ---- condition dispatch --------------------------------------------------------------------

  convertCondition(node: CondNode | null, state: ConversionState): Converted {
    if (node === null) return null;
    switch (node.kind) {
      case 'or':
      case 'and':
        return this.decideIn(node)
          ? this.convertIn(node, state)
          : node.kind === 'or'
            ? this.convertOr(node, state)
            : this.convertAnd(node, state);
      case 'not':
        return this.convertNot(node, state);
      case 'field':
        return this.convertFieldEqVal(node, state);
      case 'value':
        return this.convertValue(node, state);
    }
  }

  /** Whether an or/and of one field's plain values becomes `field in (list)`. */
  decideIn(node: AndOrNode): boolean {
    if ((node.kind === 'or' && !this.convertOrAsIn) || (node.kind === 'and' && !this.convertAndAsIn)) return false;
    if (!node.args.every((arg) => arg?.kind === 'field')) return false;
    const args = node.args as FieldNode[];
    if (new Set(args.map((arg) => arg.field)).size !== 1) return false;
    if (!args.every((arg) => arg.value instanceof SigmaString || arg.value instanceof SigmaNumber)) return false;
    if (!this.inExpressionsAllowWildcards && args.some((arg) => arg.value instanceof SigmaString && arg.value.containsSpecial()))
      return false;
    return true;
  }

  convertIn(node: AndOrNode, state: ConversionState): Converted {
    if (this.fieldInListExpression === null || this.listSeparator === null) {
      throw sigmaError('NotImplementedError', 'Field in list expressions are not supported by the backend');
    }
    const args = node.args as FieldNode[];
    return this.format(this.fieldInListExpression, {
      field: this.escapeAndQuoteField((args[0] as FieldNode).field),
      op: node.kind === 'or' ? this.orInOperator : this.andInOperator,
      list: args
        .map((arg) => (arg.value instanceof SigmaString ? this.convertValueStr(arg.value, state) : String(arg.value)))
        .join(this.listSeparator),
    });
  }

  /** True when the inner node needs no grouping inside the outer one. */
  comparePrecedence(outer: CondNode, inner: CondNode | null): boolean {
    if (inner === null) return true;
    if (this.parenthesize && inner.kind !== 'field' && inner.kind !== 'value') return false;
    const innerKind = (inner.kind === 'field' || inner.kind === 'value') && inner.value instanceof SigmaExpansion ? 'or' : inner.kind;
    const innerIndex = this.precedence.indexOf(innerKind);
    return innerIndex <= this.precedence.indexOf(outer.kind);
  }

  convertGroup(node: CondNode | null, state: ConversionState): Converted {
    const expression = this.convertCondition(node, state);
    if (expression === null || isDeferred(expression)) return expression;
    if (this.groupExpression === null) throw sigmaError('NotImplementedError', 'Group expressions are not supported by the backend');
    return this.format(this.groupExpression, { expr: expression });
  }

  protected joinArgs(node: AndOrNode, state: ConversionState): string[] {
    return node.args
      .map((arg) => (this.comparePrecedence(node, arg) ? this.convertCondition(arg, state) : this.convertGroup(arg, state)))
      .filter((converted): converted is string => typeof converted === 'string');
  }

  private joiner(token: string): string {
    return this.tokenSeparator === token ? token : this.tokenSeparator + token + this.tokenSeparator;
  }

  convertOr(node: AndOrNode, state: ConversionState): Converted {
    const args = this.joinArgs(node, state);
    return args.length === 0 ? this.emptyOrExpression : args.join(this.joiner(this.orToken));
  }

  convertAnd(node: AndOrNode, state: ConversionState): Converted {
    const args = this.joinArgs(node, state);
    return args.length === 0 ? this.emptyAndExpression : args.join(this.joiner(this.andToken));
  }

  convertNot(node: NotNode, state: ConversionState): Converted {
    const arg = node.arg;
    if (arg === null) return null;
    if (arg.kind === 'and' || arg.kind === 'or' || arg.kind === 'not') {
      const group = this.convertGroup(arg, state);
      if (group === null) return null;
      if (this.convertNotAsNotEq || isDeferred(group)) return group;
      return this.notToken + this.tokenSeparator + group;
    }
    const expression = this.convertCondition(arg, state);
    if (expression === null) return null;
    if (isDeferred(expression)) {
      expression.negated = !expression.negated;
      return expression;
    }
    return this.convertNotAsNotEq ? expression : this.notToken + this.tokenSeparator + expression;
  }

  // ---- field = value -------------------------------------------------------------------------

  /** Expressions to use for a leaf: the negated variants when NOT is written as `!=` and a NOT encloses it. */
  protected negatedLeaf(node: FieldNode): boolean {
    return this.convertNotAsNotEq && underNot(node);
  }

  convertFieldEqVal(node: FieldNode, state: ConversionState): Converted {
    const value = node.value;
    if (value instanceof SigmaCasedString) return this.convertFieldEqValStrCased(node, state);
    if (value instanceof SigmaString) return this.convertFieldEqValStr(node, state);
    if (value instanceof SigmaTimestampPart) return this.convertFieldEqValTimestampPart(node, state);
    if (value instanceof SigmaNumber) return this.convertFieldEqValNum(node, state);
    if (value instanceof SigmaBool) return this.convertFieldEqValBool(node, state);
    if (value instanceof SigmaRegex) return this.convertFieldEqValRe(node, state);
    if (value instanceof SigmaCidr) return this.convertFieldEqValCidr(node, state);
    if (value instanceof SigmaCompare) return this.convertFieldCompareOpVal(node, state);
    if (value instanceof SigmaFieldRef) return this.convertFieldEqField(node, state);
    if (value instanceof SigmaNull) return this.convertFieldEqValNull(node, state);
    if (value instanceof SigmaQueryExpression) return this.convertFieldEqQueryExpr(node, state);
    if (value instanceof SigmaExists) return this.convertFieldEqValExists(node, state);
    if (value instanceof SigmaExpansion) return this.convertFieldEqExpansion(node, state);
    throw sigmaError('SigmaValueError', 'Unexpected value type in condition');
  }

  /** Picks startswith/endswith/contains/wildcard/equals for a string and the value it is written with. */
  protected stringMatch(
    value: SigmaString,
    templates: { startswith: Template; endswith: Template; contains: Template; wildcard: Template; eq: Template },
    allowSpecial: { startswith: boolean; endswith: boolean; contains: boolean },
  ): { template: Template; value: SigmaString } {
    if (
      templates.startswith !== null &&
      value.endsWith(WILDCARD_MULTI) &&
      (allowSpecial.startswith || !value.slice(0, -1).containsSpecial())
    ) {
      return { template: templates.startswith, value: value.slice(0, -1) };
    }
    if (templates.endswith !== null && value.startsWith(WILDCARD_MULTI) && (allowSpecial.endswith || !value.slice(1).containsSpecial())) {
      return { template: templates.endswith, value: value.slice(1) };
    }
    if (
      templates.contains !== null &&
      value.startsWith(WILDCARD_MULTI) &&
      value.endsWith(WILDCARD_MULTI) &&
      (allowSpecial.contains || !value.slice(1, -1).containsSpecial())
    ) {
      return { template: templates.contains, value: value.slice(1, -1) };
    }
    if (templates.wildcard !== null && value.containsSpecial()) return { template: templates.wildcard, value };
    return { template: templates.eq, value };
  }

  convertFieldEqValStr(node: FieldNode, state: ConversionState): Converted {
    const negated = this.negatedLeaf(node);
    const { template, value } = this.stringMatch(
      node.value as SigmaString,
      {
        startswith: negated ? this.notStartswithExpression : this.startswithExpression,
        endswith: negated ? this.notEndswithExpression : this.endswithExpression,
        contains: negated ? this.notContainsExpression : this.containsExpression,
        wildcard: this.wildcardMatchExpression,
        eq: negated ? this.notEqExpression : this.eqExpression,
      },
      {
        startswith: this.startswithExpressionAllowSpecial,
        endswith: this.endswithExpressionAllowSpecial,
        contains: this.containsExpressionAllowSpecial,
      },
    );
    return this.format(template as string, {
      field: this.escapeAndQuoteField(node.field),
      value: this.convertValueStr(value, state),
      regex: this.convertValueRe(value.toRegex(this.addEscapedRe), state),
    });
  }

  convertFieldEqValStrCased(node: FieldNode, state: ConversionState): Converted {
    const negated = this.negatedLeaf(node);
    const { template, value } = this.stringMatch(
      node.value as SigmaString,
      {
        startswith: negated ? this.caseSensitiveNotStartswithExpression : this.caseSensitiveStartswithExpression,
        endswith: negated ? this.caseSensitiveNotEndswithExpression : this.caseSensitiveEndswithExpression,
        contains: negated ? this.caseSensitiveNotContainsExpression : this.caseSensitiveContainsExpression,
        wildcard: null,
        eq: this.caseSensitiveMatchExpression,
      },
      {
        startswith: this.caseSensitiveStartswithExpressionAllowSpecial,
        endswith: this.caseSensitiveEndswithExpressionAllowSpecial,
        contains: this.caseSensitiveContainsExpressionAllowSpecial,
      },
    );
    if (template === null) throw sigmaError('NotImplementedError', 'Case-sensitive string matching is not supported by backend.');
    return this.format(template, {
      field: this.escapeAndQuoteField(node.field),
      value: this.convertValueStr(value, state),
      regex: this.convertValueRe(value.toRegex(this.addEscapedRe), state),
    });
  }

  convertFieldEqValNum(node: FieldNode, _state: ConversionState): Converted {
    return this.escapeAndQuoteField(node.field) + this.eqToken + String(node.value);
  }

  convertFieldEqValTimestampPart(node: FieldNode, _state: ConversionState): Converted {
    const value = node.value as SigmaTimestampPart;
    if (this.fieldTimestampPartExpression === null || this.timestampPartMapping === null) {
      throw sigmaError('NotImplementedError', 'Field equals timestamp part value expressions are not supported by the backend.');
    }
    return (
      this.format(this.fieldTimestampPartExpression, {
        field: this.escapeAndQuoteField(node.field),
        timestamp_part: this.timestampPartMapping[value.part],
      }) +
      this.eqToken +
      String(value)
    );
  }

  convertFieldEqValBool(node: FieldNode, _state: ConversionState): Converted {
    const token = this.boolValues[(node.value as SigmaBool).value ? 'true' : 'false'];
    if (token === null) throw sigmaError('NotImplementedError', `Boolean value ${String(node.value)} not supported by the backend.`);
    return this.escapeAndQuoteField(node.field) + this.eqToken + token;
  }

  flagTemplate(regex: SigmaRegex): Record<string, string> {
    const flags: Record<string, string> = {};
    for (const flag of ['i', 'm', 's'] as const) {
      const token = this.reFlags[flag];
      if (regex.flags.has(flag) && token === undefined) {
        throw sigmaError(
          'NotImplementedError',
          `Regular expression flag ${{ i: 'IGNORECASE', m: 'MULTILINE', s: 'DOTALL' }[flag]} not supported by the backend.`,
        );
      }
      flags[`flag_${flag}`] = regex.flags.has(flag) ? (token as string) : '';
    }
    return flags;
  }

  convertFieldEqValRe(node: FieldNode, state: ConversionState): Converted {
    const template = this.negatedLeaf(node) ? this.notReExpression : this.reExpression;
    if (template === null) throw sigmaError('NotImplementedError', 'Regular expression template is not supported by the backend.');
    const regex = node.value as SigmaRegex;
    return this.format(template, {
      field: this.escapeAndQuoteField(node.field),
      regex: this.convertValueRe(regex, state),
      ...this.flagTemplate(regex),
    });
  }

  convertFieldEqValCidr(node: FieldNode, state: ConversionState): Converted {
    const cidr = node.value as SigmaCidr;
    const template = this.negatedLeaf(node) ? this.notCidrExpression : this.cidrExpression;
    if (template !== null) {
      return this.format(template, {
        field: node.field,
        value: `${networkAddressText(cidr.network)}/${cidr.network.prefix}`,
        network: networkAddressText(cidr.network),
        prefixlen: cidr.network.prefix,
        netmask: netmaskText(cidr.network),
      });
    }
    return this.convertCondition(
      this.orOf(
        node.field,
        cidr.expand().map((pattern) => SigmaString.parse(pattern)),
        node.parent,
      ),
      state,
    );
  }

  protected orOf(field: string, values: SigmaValue[], parent: CondNode | null): CondNode {
    const node: AndOrNode = { kind: 'or', args: [], parent };
    node.args = values.map((value) => ({ kind: 'field', field, value, parent: node }));
    return node;
  }

  convertFieldCompareOpVal(node: FieldNode, _state: ConversionState): Converted {
    const value = node.value as SigmaCompare;
    if (this.compareOpExpression === null || this.compareOperators === null) {
      throw sigmaError('NotImplementedError', 'Comparison operations are not supported by the backend.');
    }
    const operator = this.compareOperators[value.op];
    if (operator === undefined) throw sigmaError('NotImplementedError', `Comparison operator ${value.op} is not supported by the backend.`);
    if (value.number instanceof SigmaTimestampPart && this.fieldTimestampPartExpression && this.timestampPartMapping) {
      return (
        this.format(this.fieldTimestampPartExpression, {
          field: this.escapeAndQuoteField(node.field),
          timestamp_part: this.timestampPartMapping[value.number.part],
        }) +
        operator +
        String(value.number)
      );
    }
    return this.format(this.compareOpExpression, { field: this.escapeAndQuoteField(node.field), operator, value: String(value.number) });
  }

  convertFieldEqField(node: FieldNode, _state: ConversionState): Converted {
    const ref = node.value as SigmaFieldRef;
    const [quote1, quote2] = this.fieldEqualsFieldEscapingQuoting;
    const field1 = quote1 ? this.escapeAndQuoteField(node.field) : node.field;
    const field2 = quote2 ? this.escapeAndQuoteField(ref.field) : ref.field;
    const [template, what] =
      ref.startsWith && ref.endsWith
        ? [this.fieldEqualsFieldContainsExpression, 'contains ']
        : ref.startsWith
          ? [this.fieldEqualsFieldStartswithExpression, 'startswith ']
          : ref.endsWith
            ? [this.fieldEqualsFieldEndswithExpression, 'endswith ']
            : [this.fieldEqualsFieldExpression, ''];
    if (template === null) throw sigmaError('NotImplementedError', `Field reference ${what}expression is not supported by backend.`);
    return this.format(template, { field1, field2 });
  }

  convertFieldEqValNull(node: FieldNode, _state: ConversionState): Converted {
    if (this.fieldNullExpression === null)
      throw sigmaError('NotImplementedError', 'Field null expressions are not supported by the backend.');
    return this.format(this.fieldNullExpression, { field: this.escapeAndQuoteField(node.field) });
  }

  convertFieldEqValExists(node: FieldNode, state: ConversionState): Converted {
    const exists = (node.value as SigmaExists).exists;
    if (this.fieldNotExistsExpression !== null) {
      const template = exists ? this.fieldExistsExpression : this.fieldNotExistsExpression;
      if (template === null) throw sigmaError('NotImplementedError', 'Field exists expressions are not supported by the backend.');
      return this.format(template, { field: this.escapeAndQuoteField(node.field) });
    }
    if (this.fieldExistsExpression === null)
      throw sigmaError('NotImplementedError', 'Field exists expressions are not supported by the backend.');
    if (exists) return this.format(this.fieldExistsExpression, { field: this.escapeAndQuoteField(node.field) });
    const positive: FieldNode = { kind: 'field', field: node.field, value: new SigmaExists(true), parent: null };
    const not: NotNode = { kind: 'not', arg: positive, parent: node.parent };
    positive.parent = not;
    return this.convertNot(not, state);
  }

  convertFieldEqQueryExpr(node: FieldNode, _state: ConversionState): Converted {
    return (node.value as SigmaQueryExpression).finalize(this.escapeAndQuoteField(node.field));
  }

  convertFieldEqExpansion(node: FieldNode, state: ConversionState): Converted {
    const expansion = node.value as SigmaExpansion;
    const or: AndOrNode = { kind: 'or', args: [], parent: node.parent };
    or.args = expansion.values.map((value) => ({ kind: 'field', field: node.field, value, parent: or }));
    return this.convertOr(or, state);
  }

  // ---- values without field ------------------------------------------------------------------

  convertValue(node: ValueNode, state: ConversionState): Converted {
    const value = node.value;
    if (value instanceof SigmaString) {
      if (this.unboundValueStrExpression === null)
        throw sigmaError('NotImplementedError', 'String value expressions are not supported by the backend.');
      return this.format(this.unboundValueStrExpression, {
        value: this.convertValueStr(value, state),
        regex: this.convertValueRe(value.toRegex(this.addEscapedRe), state),
      });
    }
    if (value instanceof SigmaNumber) {
      if (this.unboundValueNumExpression === null)
        throw sigmaError('NotImplementedError', 'Numeric value expressions are not supported by the backend.');
      return this.format(this.unboundValueNumExpression, { value: String(value) });
    }
    if (value instanceof SigmaBool)
      throw sigmaError('SigmaValueError', "Boolean values can't appear as standalone value without a field name.");
    if (value instanceof SigmaRegex) {
      if (this.unboundValueReExpression === null)
        throw sigmaError('NotImplementedError', 'Regular expression template is not supported by the backend.');
      return this.format(this.unboundValueReExpression, { value: this.convertValueRe(value, state), ...this.flagTemplate(value) });
    }
    if (value instanceof SigmaCidr)
      throw sigmaError('SigmaValueError', "CIDR values can't appear as standalone value without a field name.");
    if (value instanceof SigmaQueryExpression) return value.finalize();
    if (value instanceof SigmaExpansion) {
      const or: AndOrNode = { kind: 'or', args: [], parent: node.parent };
      or.args = value.values.map((inner) => ({ kind: 'value', value: inner, parent: or }));
      return this.convertOr(or, state);
    }
    throw sigmaError('SigmaValueError', `Unexpected value type in condition parse tree: ${value.constructor.name}`);
  }

  // ---- quoting and escaping ------------------------------------------------------------------

  escapeAndQuoteField(field: string): string {
    let escaped = field;
    if (this.fieldEscape !== null) {
      const positions = new Set<number>();
      if (this.fieldEscapePattern) {
        const pattern = new RegExp(
          this.fieldEscapePattern.source,
          this.fieldEscapePattern.flags.includes('g') ? this.fieldEscapePattern.flags : `${this.fieldEscapePattern.flags}g`,
        );
        for (const match of field.matchAll(pattern)) positions.add(match.index ?? 0);
      }
      if (this.fieldEscapeQuote && this.fieldQuote !== null) {
        for (let i = field.indexOf(this.fieldQuote); i >= 0; i = field.indexOf(this.fieldQuote, i + 1)) positions.add(i);
      }
      if (positions.size > 0) {
        const sorted = [...positions].sort((a, b) => a - b);
        escaped = field.slice(0, sorted[0]);
        sorted.forEach((position, i) => (escaped += this.fieldEscape + field.slice(position, sorted[i + 1] ?? field.length)));
      }
    }
    if (this.fieldQuote !== null) {
      let quote = true;
      if (this.fieldQuotePattern !== null) {
        quote = anchoredMatch(this.fieldQuotePattern, escaped);
        if (this.fieldQuotePatternNegation) quote = !quote;
      }
      if (quote) return this.fieldQuote + escaped + this.fieldQuote;
    }
    return escaped;
  }

  decideStringQuoting(value: SigmaString): boolean {
    if (this.strQuote === '') return false;
    if (this.strQuotePattern === null) return true;
    const match = anchoredMatch(this.strQuotePattern, value.toPlain());
    return this.strQuotePatternNegation ? !match : match;
  }

  quoteString(text: string): string {
    return this.strQuote + text + this.strQuote;
  }

  convertValueStr(value: SigmaString, _state: ConversionState): string {
    const converted = value.convert(
      this.escapeChar ?? '',
      this.wildcardMulti,
      this.wildcardSingle,
      this.strQuote + this.addEscaped,
      this.filterChars,
    );
    return this.decideStringQuoting(value) ? this.quoteString(converted) : converted;
  }

  convertValueRe(regex: SigmaRegex, _state: ConversionState): string {
    return regex.escape(this.reEscape, this.reEscapeChar, this.reEscapeEscapeChar, this.reFlagPrefix);
  }

  // ---- query finalization --------------------------------------------------------------------

  /** The query with the target's frame (`query_expression`) and any deferred parts appended. */
  finalizeQueryText(query: Converted, state: ConversionState, rule: unknown): string {
    const values = {
      query: isDeferred(query) ? this.deferredOnlyQuery : (query ?? ''),
      rule,
      state: { ...this.stateDefaults, ...state.processingState },
    };
    const framed = this.format(this.queryExpression, values);
    if (!state.hasDeferred()) return framed;
    if (this.deferredStart === null || this.deferredSeparator === null) {
      throw sigmaError('NotImplementedError', 'Deferred query parts are not supported by the backend.');
    }
    return framed + this.deferredStart + state.deferred.map((part: DeferredExpression) => part.finalize()).join(this.deferredSeparator);
  }
}

/** Python's `pattern.match(text)`: anchored at the start only. */
export function anchoredMatch(pattern: RegExp, text: string): boolean {
  const sticky = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '') + 'y');
  sticky.lastIndex = 0;
  return sticky.test(text);
}
