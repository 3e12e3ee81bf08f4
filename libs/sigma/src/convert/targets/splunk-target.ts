import { underOr, type CondNode, type FieldNode } from '../../pipeline/condition-tree';
import { sigmaError } from '../../pipeline/errors';
import type { ProcessedRule } from '../../pipeline/pipeline-state';
import { SigmaFieldRef, SigmaRegex } from '../../pipeline/values';
import { SigmaBackend, type QueryFinalizer } from '../backend';
import { ConversionState, isDeferred, type Converted, type DeferredExpression } from '../conversion-state';

/** A regular expression Splunk matches with `| rex` + `| eval`, so it can sit inside an OR of the search. */
interface RexMatch {
  field: string;
  regex: string;
  /** The field's last name part and a number from the second regex on the same name. */
  short: string;
  suffix: string;
}

const deferred = (render: (negated: boolean) => string): DeferredExpression => ({
  negated: false,
  finalize() {
    return render(this.negated);
  },
});

/**
 * Splunk SPL (pySigma-backend-splunk): `field="value"` terms joined by spaces (AND binds looser than
 * OR in SPL), `IN` lists, regular expressions as `| regex` after the search or, inside an OR, as
 * `| rex` + `| eval` flags the search tests; field references as `| where`; savedsearches.conf output.
 */
export class SplunkTarget extends SigmaBackend {
  readonly name = 'Splunk SPL';
  readonly identifier = 'splunk';
  override formats = {
    default: 'Plain SPL queries',
    savedsearches: 'Plain SPL in a savedsearches.conf file',
    data_model: 'Data model queries with tstats (needs the splunk_cim pipeline)',
  };
  override precedence: ReadonlyArray<CondNode['kind']> = ['not', 'or', 'and'];
  override groupExpression = '({expr})';
  override orToken = 'OR';
  override andToken = ' ';
  override notToken = 'NOT';
  override eqToken = '=';
  override fieldQuote = '"';
  override fieldQuotePattern = /^[\w.]+$/;
  override strQuote = '"';
  override escapeChar = '\\';
  override wildcardMulti = '*';
  override wildcardSingle = '*';
  override addEscaped = '\\';
  override reExpression = '{regex}';
  override reEscape = ['"'];
  override cidrExpression = '{field}="{value}"';
  override boolValues = { true: 'true', false: 'false' };
  override fieldExistsExpression = '{field}=*';
  override fieldNotExistsExpression = 'NOT {field}=*';
  override compareOpExpression = '{field}{operator}{value}';
  override compareOperators = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
  override fieldNullExpression = 'NOT {field}=*';
  override convertOrAsIn = true;
  override inExpressionsAllowWildcards = true;
  override fieldInListExpression = '{field} {op} ({list})';
  override orInOperator = 'IN';
  override listSeparator = ', ';
  override unboundValueStrExpression = '{value}';
  override unboundValueNumExpression = '{value}';
  override unboundValueReExpression = '{value}';
  override deferredStart = '\n| ';
  override deferredSeparator = '\n| ';
  override deferredOnlyQuery = '*';

  override correlationMethods = { stats: 'Correlation using stats command (more efficient, static time window)' };
  override defaultCorrelationMethod = 'stats';
  override defaultCorrelationQuery = { stats: '{search}\n\n{aggregate}\n\n{condition}' };
  override correlationSearchSingleRuleExpression = '{query}';
  override correlationSearchMultiRuleExpression = '| multisearch\n{queries}';
  override correlationSearchMultiRuleQueryExpression = '[ search {query} | eval event_type="{ruleid}"{normalization} ]';
  override correlationSearchMultiRuleQueryExpressionJoiner = '\n';
  override correlationSearchFieldNormalizationExpression = ' | rename {field} as {alias}';
  override correlationSearchFieldNormalizationExpressionJoiner = '';
  override aggregationExpression = {
    event_count: { stats: '| bin _time span={timespan}\n| stats count as event_count by _time{groupby}' },
    value_count: { stats: '| bin _time span={timespan}\n| stats dc({field}) as value_count by _time{groupby}' },
    temporal: { stats: '| bin _time span={timespan}\n| stats dc(event_type) as event_type_count by _time{groupby}' },
  };
  override extendedAggregationExpression = {
    temporal: { stats: '| bin _time span={timespan}\n| stats values(event_type) as event_types by _time{groupby}' },
  };
  override extendedConditionExpression = { stats: '| search {expression}' };
  override extendedRuleExpression = { stats: 'event_types="{ruleid}"' };
  override timespanMapping = { M: 'mon' };
  override groupbyExpression = { stats: ' {fields}' };
  override groupbyFieldExpression = { stats: '{field}' };
  override groupbyFieldExpressionJoiner = { stats: ' ' };
  override conditionExpression = {
    event_count: { stats: '| search event_count {op} {count}' },
    value_count: { stats: '| search value_count {op} {count}' },
    temporal: { stats: '| search event_type_count {op} {count}' },
  };

  private rex = new WeakMap<ConversionState, RexMatch[]>();

  private rexMatches(state: ConversionState): RexMatch[] {
    const list = this.rex.get(state) ?? [];
    this.rex.set(state, list);
    return list;
  }

  override convertFieldEqValRe(node: FieldNode, state: ConversionState): Converted {
    const regex = this.convertValueRe(node.value as SigmaRegex, state);
    if (!underOr(node)) {
      const field = node.field;
      return this.addDeferred(state, (negated) => `regex ${field}${negated ? '!=' : '='}"${regex}"`);
    }
    const matches = this.rexMatches(state);
    const short = node.field.replace(/.*\./, '');
    const seen = matches.filter((match) => match.field === node.field).length;
    const suffix = seen === 0 ? '' : String(seen + 1);
    matches.push({ field: node.field, regex, short, suffix });
    return `${this.escapeAndQuoteField(`${short}Condition${suffix}`)}="true"`;
  }

  override convertFieldEqField(node: FieldNode, state: ConversionState): Converted {
    if (underOr(node))
      throw sigmaError('SigmaFeatureNotSupportedByBackendError', 'ORing field reference matching is not yet supported by Splunk backend');
    const ref = node.value as SigmaFieldRef;
    if (ref.startsWith || ref.endsWith) {
      throw sigmaError(
        'SigmaFeatureNotSupportedByBackendError',
        'Field reference with startswith, endswith or contains is not supported by Splunk backend',
      );
    }
    const field = node.field;
    return this.addDeferred(state, (negated) => `where ${negated ? 'NOT ' : ''}'${field}'='${ref.field}'`);
  }

  private addDeferred(state: ConversionState, render: (negated: boolean) => string): DeferredExpression {
    const expression = deferred(render);
    state.addDeferred(expression);
    return expression;
  }

  /** The search with any `| rex` flags: terms without them first, then the rex lines and `| search` for the rest. */
  private searchText(query: Converted, state: ConversionState, rule: ProcessedRule, separator: string): string {
    const matches = this.rex.get(state) ?? [];
    if (matches.length === 0) return this.finalizeQueryText(query, state, rule);
    const rexLines = this.rexLines(matches);
    const split = this.split.get(state);
    const head = split?.head ?? '';
    const tail = split?.tail ?? (isDeferred(query) || query === null ? '' : query);
    return `${head}${separator}${rexLines.join(separator)}${separator}search ${tail}`;
  }

  private rexLines(matches: RexMatch[]): string[] {
    return matches.flatMap(({ field, regex, short, suffix }) => [
      `rex field=${field} "(?<${short}Match${suffix}>${regex})"`,
      `eval ${short}Condition${suffix}=if(isnotnull(${short}Match${suffix}), "true", "false")`,
    ]);
  }

  private split = new WeakMap<ConversionState, { head: string; tail: string }>();

  /**
   * At the root, terms of a top-level AND that need no rex flag stay in the base search and the
   * others follow `| search`, so Splunk filters by the cheap terms before extracting.
   */
  override convertCondition(node: CondNode | null, state: ConversionState): Converted {
    if (node === null || node.parent !== null || node.kind !== 'and' || this.decideIn(node)) return super.convertCondition(node, state);
    const head: string[] = [];
    const tail: string[] = [];
    for (const arg of node.args) {
      const before = this.rexMatches(state).length;
      const converted = this.comparePrecedence(node, arg) ? super.convertCondition(arg, state) : this.convertGroup(arg, state);
      if (typeof converted !== 'string') continue;
      (this.rexMatches(state).length > before ? tail : head).push(converted);
    }
    if (tail.length > 0) this.split.set(state, { head: head.join(' '), tail: tail.join(' ') });
    const all = [...head, ...tail];
    return all.length === 0 ? this.emptyAndExpression : all.join(' ');
  }

  override finalizeSubquery(rule: ProcessedRule, query: Converted, state: ConversionState): unknown {
    return this.searchText(query, state, rule, '\n| ');
  }

  /** tstats over the CIM data model the splunk_cim pipeline chose, with its fields as the `by` clause. */
  private dataModelQuery(query: Converted, state: ConversionState): string {
    const dataModelSet = state.processingState.data_model_set;
    if (typeof dataModelSet !== 'string' || dataModelSet === '') {
      throw sigmaError('SigmaFeatureNotSupportedByBackendError', 'No data model specified by processing pipeline');
    }
    const parts = dataModelSet.split('.');
    if (parts.length !== 2 || !parts.every(Boolean)) {
      throw sigmaError('SigmaFeatureNotSupportedByBackendError', `Expected format 'data_model.data_set', but got: ${dataModelSet}`);
    }
    const fields = state.processingState.fields;
    if (!Array.isArray(fields)) throw sigmaError('SigmaFeatureNotSupportedByBackendError', 'No fields specified by processing pipeline');
    const expression = typeof query === 'string' ? query : '*';
    const lines = [
      `| tstats summariesonly=false allow_old_summaries=true fillnull_value="null" count min(_time) as firstTime max(_time) as lastTime from datamodel=${dataModelSet} where ${expression} by ${fields.join(' ')}`,
    ];
    const matches = this.rex.get(state) ?? [];
    if (matches.length > 0) lines.push(...this.rexLines(matches), `search ${expression}`);
    lines.push(...state.deferred.map((part) => part.finalize()));
    lines.push(
      `\`drop_dm_object_name(${parts[1] as string})\``,
      'convert timeformat="%Y-%m-%dT%H:%M:%S" ctime(firstTime)',
      'convert timeformat="%Y-%m-%dT%H:%M:%S" ctime(lastTime)',
    );
    return `${lines.join('\n| ')}\n`.replace(/\n/g, ' ');
  }

  private tableSuffix(rule: ProcessedRule, separator: string): string {
    return rule.fields.length > 0 ? `${separator}table ${rule.fields.join(',')}` : '';
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    return {
      default: (rule, query, _index, state) => this.searchText(query, state, rule, '\n| ') + this.tableSuffix(rule, ' | '),
      data_model: (_rule, query, _index, state) => this.dataModelQuery(query, state),
      savedsearches: (rule, query, _index, state) => {
        const search = this.searchText(query, state, rule, '\n| ') + this.tableSuffix(rule, '\n| ');
        const title = rule.meta.title.replace(/[[\]]/g, '');
        const description = (rule.meta.description ?? '').trimEnd().split('\n').join(' \\\n');
        return `\n[${title}]\ndescription = ${description}\nsearch = ${search.split('\n').join(' \\\n')}`;
      },
    };
  }

  protected override outputFinalizers(): Record<string, (queries: unknown[]) => unknown> {
    const earliest = String(this.options.min_time ?? '-30d');
    const latest = String(this.options.max_time ?? 'now');
    return {
      savedsearches: (queries) =>
        `\n[default]\ndispatch.earliest_time = ${earliest}\ndispatch.latest_time = ${latest}\n${queries.map(String).join('\n')}`,
    };
  }
}
