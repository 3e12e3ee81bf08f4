import { ProcessingPipeline } from '../../pipeline/pipeline';
import type { ProcessedRule } from '../../pipeline/pipeline-state';
import { SigmaBackend, type QueryFinalizer } from '../backend';
import type { ConversionState, Converted } from '../conversion-state';

const mapping = (fields: Record<string, string>): ProcessingPipeline =>
  ProcessingPipeline.fromObject({ transformations: [{ type: 'field_name_mapping', mapping: fields }] });

/**
 * pySigma's generic text backend (`TextQueryTestBackend`): not a product language, but the reference
 * that pySigma's own conversion tests are written against. Its tokens show each construct plainly
 * (`startswith`, `cidrmatch(...)`, `exists(...)`), which also makes it a readable debugging target.
 */
export class TestTarget extends SigmaBackend {
  readonly name = 'Test backend';
  readonly identifier = 'test';
  override formats = {
    default: 'Default format',
    test: 'Dummy test format',
    state: 'Test format that obtains information from state',
    list_of_dict: 'List of Dict',
    str: 'Plain string',
  };
  override groupExpression = '({expr})';
  override orToken = 'or';
  override andToken = 'and';
  override notToken = 'not';
  override eqToken = '=';
  override fieldQuote = "'";
  override fieldQuotePattern = /^\w+$/;
  override strQuote = '"';
  override escapeChar = '\\';
  override wildcardMulti = '*';
  override wildcardSingle = '?';
  override addEscaped = ':';
  override filterChars = '&';
  override boolValues = { true: '1', false: '0' };
  override startswithExpression = '{field} startswith {value}';
  override endswithExpression = '{field} endswith {value}';
  override containsExpression = '{field} contains {value}';
  override wildcardMatchExpression = '{field} match {value}';
  override fieldExistsExpression = 'exists({field})';
  override fieldNotExistsExpression = 'notexists({field})';
  override reExpression = '{field}=/{regex}/';
  override reEscape = ['/', 'bar'];
  override caseSensitiveMatchExpression = '{field} casematch {value}';
  override caseSensitiveStartswithExpression = '{field} startswith_cased {value}';
  override caseSensitiveEndswithExpression = '{field} endswith_cased {value}';
  override caseSensitiveContainsExpression = '{field} contains_cased {value}';
  override cidrExpression = 'cidrmatch(\'{field}\', "{value}")';
  override compareOpExpression = '{field}{operator}{value}';
  override compareOperators = { lt: '<', lte: '<=', gt: '>', gte: '>=', neq: '!=' };
  override fieldEqualsFieldExpression = '{field1}=fieldref({field2})';
  override fieldEqualsFieldStartswithExpression = '{field1}=fieldref_startswith({field2})';
  override fieldEqualsFieldEndswithExpression = '{field1}=fieldref_endswith({field2})';
  override fieldEqualsFieldContainsExpression = '{field1}=fieldref_contains({field2})';
  override fieldNullExpression = '{field} is null';
  override convertOrAsIn = true;
  override convertAndAsIn = true;
  override inExpressionsAllowWildcards = true;
  override fieldInListExpression = '{field} {op} ({list})';
  override orInOperator = 'in';
  override andInOperator = 'contains-all';
  override listSeparator = ', ';
  override unboundValueStrExpression = '_={value}';
  override unboundValueNumExpression = '_={value}';
  override unboundValueReExpression = '_=/{value}/';
  override deferredStart = ' | ';
  override deferredSeparator = ' | ';
  override deferredOnlyQuery = '*';

  override correlationMethods = { test: 'Test correlation method' };
  override defaultCorrelationMethod = 'test';
  override defaultCorrelationQuery = { test: '{search}\n{aggregate}\n{condition}' };
  override correlationQuery = { temporal: { test: '{search}\n\n{aggregate}\n\n{condition}' } };
  override correlationSearchSingleRuleExpression = '{query}';
  override correlationSearchMultiRuleExpression = '{queries}';
  override correlationSearchMultiRuleQueryExpression = 'subsearch {{ {query} | set event_type="{ruleid}"{normalization} }}';
  override correlationSearchMultiRuleQueryExpressionJoiner = '\n';
  override correlationSearchFieldNormalizationExpression = ' | set {alias}={field}';
  override correlationSearchFieldNormalizationExpressionJoiner = '';
  override aggregationExpression = {
    event_count: { test: '| aggregate window={timespan} count() as event_count{groupby}' },
    value_count: { test: '| aggregate window={timespan} value_count({field}) as value_count{groupby}' },
    temporal: { test: '| temporal window={timespan} eventtypes={referenced_rules}{groupby}' },
    temporal_ordered: { test: '| temporal ordered=true window={timespan} eventtypes={referenced_rules}{groupby}' },
    value_sum: { test: '| aggregate window={timespan} sum({field}) as value_sum{groupby}' },
    value_avg: { test: '| aggregate window={timespan} avg({field}) as value_avg{groupby}' },
    value_percentile: { test: '| aggregate window={timespan} percentile({field}, {percentile}) as value_percentile{groupby}' },
    value_median: { test: '| aggregate window={timespan} median({field}) as value_median{groupby}' },
  };
  override extendedAggregationExpression = {
    temporal: { test: '| temporal extended=true window={timespan}{groupby}' },
    temporal_ordered: { test: '| temporal ordered=true extended=true window={timespan}{groupby}' },
  };
  override extendedConditionExpression = { test: '| where {expression}' };
  override extendedRuleExpression = { test: 'matched_rules="{ruleid}"' };
  override timespanMapping = { m: 'min' };
  override referencedRulesExpression = { test: '{ruleid}' };
  override referencedRulesExpressionJoiner = { test: ',' };
  override groupbyExpression = { test: ' by {fields}' };
  override groupbyFieldExpression = { test: '{field}' };
  override groupbyFieldExpressionJoiner = { test: ', ' };
  override conditionExpression = {
    event_count: { test: '| where event_count {op} {count}' },
    value_count: { test: '| where value_count {op} {count}' },
    temporal: { test: '| where eventtype_count {op} {count}' },
    temporal_ordered: { test: '| where eventtype_count {op} {count} and eventtype_order={referenced_rules}' },
    value_sum: { test: '| where value_sum {op} {count}' },
    value_avg: { test: '| where value_avg {op} {count}' },
    value_percentile: { test: '| where value_percentile {op} {count}' },
    value_median: { test: '| where value_median {op} {count}' },
  };

  override backendPipeline(): ProcessingPipeline {
    return mapping({ fieldA: 'mappedA' });
  }

  override formatPipeline(format: string): ProcessingPipeline {
    return format === 'test' ? mapping({ fieldC: 'mappedC' }) : new ProcessingPipeline();
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    const text = (rule: ProcessedRule, query: Converted, state: ConversionState): string => this.finalizeQueryText(query, state, rule);
    return {
      test: (rule, query, _index, state) => `[ ${text(rule, query, state)} ]`,
      state: (rule, query, _index, state) => `index=${String(state.processingState.index ?? 'default')} (${text(rule, query, state)})`,
    };
  }

  protected override outputFinalizers(): Record<string, (queries: unknown[]) => unknown> {
    const testparam = this.options.testparam;
    return {
      list_of_dict: (queries) => queries.map((query) => (testparam === undefined ? { query } : { query, test: testparam })),
      str: (queries) => queries.map(String).join('\n'),
    };
  }
}
