import type { CondNode } from '../../pipeline/condition-tree';
import type { ProcessedRule } from '../../pipeline/pipeline-state';
import { SigmaBackend, type QueryFinalizer } from '../backend';
import type { ConversionState, Converted } from '../conversion-state';

/**
 * Splunk SPL2 (pySigma-backend-splunk): `FROM dataset WHERE ...` with explicit AND/OR, `LIKE` with
 * `%`/`_` wildcards, `match(field, /(?i).../)` for regular expressions, `IS [NOT] NULL`.
 */
export class SplunkSpl2Target extends SigmaBackend {
  readonly name = 'Splunk SPL2 queries';
  readonly identifier = 'splunk_spl2';
  override formats = { default: 'Plain SPL2 queries', module: 'SPL2 module output with $result = FROM ... assignments' };
  override precedence: ReadonlyArray<CondNode['kind']> = ['not', 'or', 'and'];
  override groupExpression = '({expr})';
  override boolValues = { true: 'true', false: 'false' };
  override orToken = 'OR';
  override andToken = 'AND';
  override notToken = 'NOT';
  override eqToken = '=';
  override fieldQuote = "'";
  override fieldQuotePattern = /^[\w.]+$/;
  override strQuote = '"';
  override escapeChar = '\\';
  override wildcardMulti = '%';
  override wildcardSingle = '_';
  override addEscaped = '%_';
  override wildcardMatchExpression = '{field} LIKE {value}';
  override reExpression = 'match({field}, /(?i){regex}/)';
  override reEscape = ['/'];
  override cidrExpression = 'cidrmatch("{value}", {field})';
  override compareOpExpression = '{field}{operator}{value}';
  override compareOperators = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
  override fieldEqualsFieldExpression = '{field1}={field2}';
  override fieldNullExpression = '{field} IS NULL';
  override convertOrAsIn = true;
  override fieldInListExpression = '{field} {op} ({list})';
  override orInOperator = 'IN';
  override listSeparator = ', ';
  override fieldExistsExpression = '{field} IS NOT NULL';
  override fieldNotExistsExpression = '{field} IS NULL';
  override unboundValueStrExpression = '{value}';
  override unboundValueNumExpression = '{value}';
  override unboundValueReExpression = '{value}';
  override deferredStart = '\n| ';
  override deferredSeparator = '\n| ';
  override deferredOnlyQuery = '*';
  override queryExpression = 'FROM {state[dataset]} WHERE {query}';

  override finalizeQueryText(query: Converted, state: ConversionState, rule: unknown): string {
    this.stateDefaults = { dataset: String(this.options.dataset ?? 'main') };
    return super.finalizeQueryText(query, state, rule);
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    const table = (rule: ProcessedRule): string => (rule.fields.length > 0 ? ` | table ${rule.fields.join(', ')}` : '');
    return {
      default: (rule, query, _index, state) => this.finalizeQueryText(query, state, rule) + table(rule),
      module: (rule, query, _index, state) => `$result = ${this.finalizeQueryText(query, state, rule)}${table(rule)}`,
    };
  }
}
