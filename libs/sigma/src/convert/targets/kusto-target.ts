import type { FieldNode, NotNode } from '../../pipeline/condition-tree';
import { SigmaString } from '../../pipeline/values';
import { SigmaBackend, type QueryFinalizer } from '../backend';
import type { ConversionState, Converted } from '../conversion-state';

/**
 * Kusto Query Language for Microsoft Sentinel and Defender XDR (pySigma-backend-kusto): `=~` string
 * equality, `in~` lists, `startswith`/`endswith`/`contains`, other wildcards as `matches regex`,
 * `not(...)`, and the table a pipeline chose (`query_table`) in front of `| where`.
 */
export class KustoTarget extends SigmaBackend {
  readonly name = 'Kusto backend';
  readonly identifier = 'kusto';
  override formats = { default: 'Kusto Query Language search strings' };
  override parenthesize = true;
  override groupExpression = '({expr})';
  override orToken = 'or';
  override andToken = 'and';
  override notToken = 'not';
  override eqToken = ' =~ ';
  override fieldQuote = "'";
  override fieldQuotePattern = /^\w+$/;
  override fieldEscape = '';
  override fieldEscapePattern = /\s/;
  override strQuote = '"';
  override escapeChar = '\\';
  override wildcardMulti = '*';
  override wildcardSingle = '*';
  override addEscaped = '\\';
  override boolValues = { true: 'true', false: 'false' };
  override startswithExpression = '{field} startswith {value}';
  override endswithExpression = '{field} endswith {value}';
  override containsExpression = '{field} contains {value}';
  override wildcardMatchExpression = '{field} matches regex "{regex}"';
  override reExpression = '{field} matches regex "{regex}"';
  override reEscape = ['"'];
  override cidrExpression = 'ipv4_is_in_range({field}, "{value}")';
  override compareOpExpression = '{field} {operator} {value}';
  override compareOperators = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
  override fieldNullExpression = 'isnull({field})';
  override fieldExistsExpression = 'isnotempty({field})';
  override fieldNotExistsExpression = 'isempty({field})';
  override convertOrAsIn = true;
  override convertAndAsIn = false;
  override fieldInListExpression = '{field} {op} ({list})';
  override orInOperator = 'in~';
  override andInOperator = 'has_all';
  override listSeparator = ', ';
  override unboundValueStrExpression = '{value}';
  override unboundValueNumExpression = '{value}';
  override unboundValueReExpression = '_=~{value}';
  override deferredStart = '\n| ';
  override deferredSeparator = '\n| ';
  override deferredOnlyQuery = '*';

  /** Numbers compare with `==` (`=~` is for strings). */
  override convertFieldEqValNum(node: FieldNode): Converted {
    return `${this.escapeAndQuoteField(node.field)} == ${String(node.value)}`;
  }

  /** KQL wants the negated expression in parentheses: `not(...)`. */
  override convertNot(node: NotNode, state: ConversionState): Converted {
    const arg = node.arg;
    if (arg === null) return null;
    const inner =
      arg.kind === 'and' || arg.kind === 'or' || arg.kind === 'not' ? this.convertGroup(arg, state) : this.convertCondition(arg, state);
    if (inner === null) return null;
    if (typeof inner !== 'string') {
      inner.negated = !inner.negated;
      return inner;
    }
    return `${this.notToken}(${inner})`;
  }

  /** Wildcards Kusto cannot express as a string operator become a regular expression (`?` is one character there). */
  override convertValueStr(value: SigmaString, state: ConversionState): string {
    return super.convertValueStr(value, state).replace(/\\\*/g, '*');
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    return {
      default: (rule, query, _index, state) => {
        const text = this.finalizeQueryText(query, state, rule);
        const table = state.processingState.query_table;
        return typeof table === 'string' && table !== '' ? `${table}\n| where ${text}` : text;
      },
    };
  }
}
