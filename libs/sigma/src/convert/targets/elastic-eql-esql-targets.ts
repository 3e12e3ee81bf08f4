import type { CondNode, FieldNode } from '../../pipeline/condition-tree';
import type { CorrelationRuleModel } from '../../pipeline/correlation-model';
import type { ProcessedRule } from '../../pipeline/pipeline-state';
import { pythonJson } from '../../pipeline/python-compat';
import { SigmaString } from '../../pipeline/values';
import type { QueryFinalizer } from '../backend';
import { ConversionState, type Converted } from '../conversion-state';
import { ElasticTarget } from './elastic-lucene-target';
import { siemRule, siemRuleNdjson } from './elastic-rule-formats';

const isIpAddress = (text: string): boolean =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(text)
    ? text.split('.').every((octet) => Number(octet) <= 255)
    : /^[0-9a-fA-F:]+$/.test(text) && text.includes(':') && text.split('::').length <= 2;

/** Elasticsearch Event Query Language: `any where field:"value"`, `like~` lists, `regex~`, `cidrMatch`. */
export class EqlTarget extends ElasticTarget {
  readonly name = 'Elasticsearch EQL';
  readonly identifier = 'eql';
  override formats = {
    default: 'Plain Elasticsearch EQL queries.',
    eqlapi: "Plain EQL queries ready for '/_eql/search' API endpoint.",
    siem_rule: 'Elasticsearch EQL queries as SIEM Rule.',
    siem_rule_ndjson: 'Elasticsearch EQL Query as SIEM Rules in NDJSON Format.',
  };
  override precedence: ReadonlyArray<CondNode['kind']> = ['not', 'or', 'and'];
  override groupExpression = '({expr})';
  override parenthesize = true;
  override orToken = 'or';
  override andToken = 'and';
  override notToken = 'not';
  override eqToken = ':';
  override fieldQuote = '`';
  override fieldQuotePattern = /^\d.*|.*\s.*|-/;
  override fieldQuotePatternNegation = false;
  override strQuote = '"';
  override strQuotePattern = /^$|.*/;
  override strQuotePatternNegation = false;
  override escapeChar = '\\';
  override wildcardMulti = '*';
  override wildcardSingle = '?';
  override addEscaped = '\n\r\t\\"';
  override boolValues = { true: 'true', false: 'false' };
  override reExpression = '{field} regex~ "{regex}"';
  override reEscape = ['/'];
  override reEscapeEscapeChar = false;
  override caseSensitiveMatchExpression = '{field} == {value}';
  override cidrExpression = 'cidrMatch({field}, "{network}/{prefixlen}")';
  override compareOpExpression = '{field} {operator} {value}';
  override compareOperators = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
  override fieldNullExpression = '?{field} == null';
  override convertOrAsIn = true;
  override inExpressionsAllowWildcards = true;
  override fieldInListExpression = '{field}{op}({list})';
  override orInOperator = ' like~ ';
  override listSeparator = ', ';
  override unboundValueStrExpression = '{value}';
  override unboundValueNumExpression = '{value}';

  protected existsExpression(field: string): string {
    return `?${field} != null`;
  }

  /** Empty strings and IP addresses are compared with `==` (`:` would match them as text). */
  override convertFieldEqValStr(node: FieldNode, state: ConversionState): Converted {
    const value = node.value as SigmaString;
    const plain = value.convert();
    if (plain === '' || isIpAddress(value.toPlain()))
      return `${this.escapeAndQuoteField(node.field)}==${this.convertValueStr(value, state)}`;
    return super.convertFieldEqValStr(node, state);
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    const text = (query: Converted): string => `any where ${typeof query === 'string' ? query : ''}`;
    return {
      default: (_rule, query) => text(query),
      eqlapi: (_rule, query) => ({ query: text(query) }),
      siem_rule: (rule, query) => siemRule(rule, text(query), this.ruleOptions('eql', 'eql', true)),
      siem_rule_ndjson: (rule, query) => siemRuleNdjson(rule, text(query), this.ruleOptions('eql', 'eql', true)),
    };
  }
}

/** ES|QL: `from index metadata ... | where ...`, with correlations as `stats` over time buckets. */
export class EsqlTarget extends ElasticTarget {
  readonly name = 'ES|QL backend';
  readonly identifier = 'esql';
  override formats = {
    default: 'Plain ES|QL queries',
    kibana_ndjson: 'Kibana ES|QL queries in NDJSON Format.',
    siem_rule: 'Elastic Security ES|QL queries as SIEM Rules in JSON Format.',
    siem_rule_ndjson: 'Elastic Security ES|QL queries as SIEM Rules in NDJSON Format.',
  };
  override queryExpression = 'from {state[index]} metadata {state[metadata]} | where {query}';
  override stateDefaults = { index: '*', metadata: '_id, _index, _version' };
  override groupExpression = '({expr})';
  override orToken = 'or';
  override andToken = 'and';
  override notToken = 'not';
  override eqToken = '==';
  override fieldQuote = '`';
  override fieldQuotePattern = /^[\w.]+$/;
  override strQuote = '"';
  override escapeChar = '\\';
  override wildcardMulti = '*';
  override wildcardSingle = '?';
  override addEscaped = '\\';
  override boolValues = { true: 'true', false: 'false' };
  override startswithExpression = 'starts_with({field}, {value})';
  override endswithExpression = 'ends_with({field}, {value})';
  override wildcardMatchExpression = '{field} like {value}';
  override reExpression = '{field} rlike "{regex}"';
  override reEscape = ['"'];
  override cidrExpression = 'cidr_match({field}, "{value}")';
  override compareOpExpression = '{field}{operator}{value}';
  override compareOperators = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
  override fieldEqualsFieldExpression = '{field1}=={field2}';
  override fieldNullExpression = '{field} is null';
  override fieldExistsExpression = '{field} is not null';
  override fieldNotExistsExpression = '{field} is null';
  override convertOrAsIn = true;
  override fieldInListExpression = '{field} {op} ({list})';
  override orInOperator = 'in';
  override listSeparator = ', ';

  override correlationMethods = { stats: 'Correlation with stats command' };
  override defaultCorrelationMethod = 'stats';
  override defaultCorrelationQuery = { stats: '{search}\n{aggregate}\n{condition}' };
  override correlationQuery = { temporal: { stats: '{search}\n{typing}\n{aggregate}\n{condition}' } };
  override correlationSearchSingleRuleExpression = '{query}';
  override correlationSearchMultiRuleExpression = '{queries}';
  override correlationSearchMultiRuleQueryExpression = '({query})';
  override correlationSearchMultiRuleQueryExpressionJoiner = ' or ';
  override typingExpression = '| eval event_type=case({queries})';
  override typingRuleQueryExpression = '{query}, "{ruleid}"';
  override typingRuleQueryExpressionJoiner = ', ';
  override aggregationExpression = {
    event_count: { stats: '| eval timebucket=date_trunc({timespan}, @timestamp) | stats event_count=count(){fields}{groupby}' },
    value_count: {
      stats: '| eval timebucket=date_trunc({timespan}, @timestamp) | stats value_count=count_distinct({field}){fields}{groupby}',
    },
    temporal: {
      stats: '| eval timebucket=date_trunc({timespan}, @timestamp) | stats event_type_count=count_distinct(event_type){fields}{groupby}',
    },
  };
  override timespanMapping = { s: 'seconds', m: 'minutes', h: 'hours', d: 'days', w: 'weeks', M: 'months', y: 'years' };
  override referencedRulesExpression = { stats: '{ruleid}' };
  override referencedRulesExpressionJoiner = { stats: ',' };
  override groupbyExpressionNofield = { stats: ' by timebucket' };
  override groupbyExpression = { stats: ' by timebucket{fields}' };
  override groupbyFieldExpression = { stats: ', {field}' };
  override groupbyFieldExpressionJoiner = { stats: '' };
  override correlationFieldsExpression = { stats: '{fields}' };
  override correlationFieldsFieldExpression = { stats: ', {field}=values({field})' };
  override correlationFieldsFieldExpressionJoiner = { stats: '' };
  override conditionExpression = {
    event_count: { stats: '| where event_count {op} {count}' },
    value_count: { stats: '| where value_count {op} {count}' },
    temporal: { stats: '| where event_type_count {op} {count}' },
  };

  protected existsExpression(field: string): string {
    return `${field} is not null`;
  }

  /** Only the referenced rules' fields are carried through `stats` (the correlation's own are the output's). */
  override correlationFields(rule: CorrelationRuleModel, method: string): string {
    return super.correlationFields(
      Object.assign(Object.create(Object.getPrototypeOf(rule) as object) as CorrelationRuleModel, rule, { fields: [] }),
      method,
    );
  }

  /** Referenced rules are embedded without their `from ... | where` frame. */
  override finalizeSubquery(_rule: ProcessedRule, query: Converted): unknown {
    return typeof query === 'string' ? query : '';
  }

  override finalizeQueryText(query: Converted, state: ConversionState, rule: unknown): string {
    const framed = new ConversionState({ ...state.processingState, index: this.indexOf(rule as ProcessedRule, state, '*') });
    state.deferred.forEach((part) => framed.addDeferred(part));
    return super.finalizeQueryText(query, framed, rule);
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    const text = (rule: ProcessedRule, query: Converted, state: ConversionState): string => this.finalizeQueryText(query, state, rule);
    return {
      siem_rule: (rule, query, _index, state) => siemRule(rule, text(rule, query, state), this.ruleOptions('esql', 'esql', false, false)),
      siem_rule_ndjson: (rule, query, _index, state) =>
        siemRuleNdjson(rule, text(rule, query, state), this.ruleOptions('esql', 'esql', false, false), { note: '' }),
      kibana_ndjson: (rule, query, _index, state) => {
        const index = this.indexOf(rule, state, '*');
        const source = {
          query: { esql: text(rule, query, state) },
          index: {
            title: index,
            timeFieldName: '@timestamp',
            sourceFilters: [],
            type: 'esql',
            fieldFormats: {},
            runtimeFieldMap: {},
            allowNoIndex: false,
            name: index,
            allowHidden: false,
          },
          filter: [],
        };
        return {
          attributes: {
            columns: [],
            description: rule.meta.description ?? 'No description',
            grid: {},
            hideChart: false,
            isTextBasedQuery: true,
            kibanaSavedObjectMeta: { searchSourceJSON: pythonJson(source) },
            sort: [['@timestamp', 'desc']],
            timeRestore: false,
            title: `SIGMA - ${rule.meta.title}`,
            usesAdHocDataView: false,
          },
          id: String(rule.meta.id ?? 'None'),
          managed: false,
          references: [],
          type: 'search',
          typeMigrationVersion: '10.2.0',
        };
      },
    };
  }
}
