import { dump } from 'js-yaml';
import type { AndOrNode, CondNode, FieldNode, NotNode } from '../../pipeline/condition-tree';
import { sigmaError } from '../../pipeline/errors';
import type { ProcessedRule } from '../../pipeline/pipeline-state';
import { pythonJson } from '../../pipeline/python-compat';
import { CorrelationRuleModel } from '../../pipeline/correlation-model';
import { SigmaCidr, SigmaExpansion, SigmaNull } from '../../pipeline/values';
import { SigmaBackend, type QueryFinalizer } from '../backend';
import type { ConversionState, Converted } from '../conversion-state';
import { DEFAULT_ELASTIC_INDICES, siemRule, siemRuleNdjson, type ElasticRuleOptions } from './elastic-rule-formats';

const isNullLeaf = (node: CondNode | null): node is FieldNode => node?.kind === 'field' && node.value instanceof SigmaNull;

/**
 * What the Elastic query languages share: a null value written as a missing field (so `not null` is
 * `exists`), expansions as one list, Elastic Security rule formats, and the index chosen by a pipeline.
 */
export abstract class ElasticTarget extends SigmaBackend {
  protected abstract existsExpression(field: string): string;

  override convertNot(node: NotNode, state: ConversionState): Converted {
    if (isNullLeaf(node.arg)) return this.existsExpression(this.escapeAndQuoteField(node.arg.field));
    return super.convertNot(node, state);
  }

  override comparePrecedence(outer: CondNode, inner: CondNode | null): boolean {
    if (inner?.kind === 'not' && isNullLeaf(inner.arg)) return true;
    if (isNullLeaf(inner)) return false;
    return super.comparePrecedence(outer, inner);
  }

  override convertFieldEqExpansion(node: FieldNode, state: ConversionState): Converted {
    const or: AndOrNode = { kind: 'or', args: [], parent: node.parent };
    or.args = (node.value as SigmaExpansion).values.map((value) => ({ kind: 'field', field: node.field, value, parent: or }));
    return this.decideIn(or) ? this.convertIn(or, state) : this.convertOr(or, state);
  }

  override convertFieldEqField(): Converted {
    throw sigmaError('SigmaFeatureNotSupportedByBackendError', `${this.name} backend can't handle field references.`);
  }

  protected ruleOptions(type: string, language: string, dropAttackTags: boolean, withIndices = true): ElasticRuleOptions {
    const indices = Array.isArray(this.options.index_names) ? this.options.index_names.map(String) : DEFAULT_ELASTIC_INDICES;
    const interval = `${String(this.options.schedule_interval ?? 5)}${String(this.options.schedule_interval_unit ?? 'm')}`;
    return { interval, indices: withIndices ? indices : null, type, language, dropAttackTags };
  }

  /** The index a pipeline set (`set_state index`), or the indices of a correlation's rules, as one string. */
  protected indexOf(rule: ProcessedRule, state: ConversionState, fallback: string): string {
    const raw =
      rule instanceof CorrelationRuleModel
        ? rule.referencedRules.flatMap((referenced) =>
            referenced.conversionStates.map((values) => ('index' in values ? values.index : fallback)),
          )
        : 'index' in state.processingState
          ? state.processingState.index
          : fallback;
    if (typeof raw === 'string') return raw;
    const list = (Array.isArray(raw) ? raw.flat(Infinity) : raw === null || raw === undefined ? [] : [raw]).map(String);
    if (list.length === 0) return fallback;
    if (list.includes('*')) return '*';
    if (list.length === 1) return list[0] as string;
    return [...new Set(list)].sort().join(',');
  }
}

/** Elasticsearch query string (Lucene) syntax, pySigma's `lucene` backend. */
export class LuceneTarget extends ElasticTarget {
  readonly name: string = 'Elasticsearch Lucene';
  readonly identifier: string = 'lucene';
  override formats: Record<string, string> = {
    default: 'Plain Elasticsearch Lucene queries',
    kibana_ndjson: 'Kibana NDJSON import file with Lucene queries',
    dsl_lucene: 'Elasticsearch query DSL with embedded Lucene queries',
    siem_rule: 'Elasticsearch query DSL as SIEM Rules in JSON Format',
    siem_rule_ndjson: 'Elasticsearch query DSL as SIEM Rules in NDJSON Format',
  };
  override precedence: ReadonlyArray<CondNode['kind']> = ['not', 'or', 'and'];
  override groupExpression = '({expr})';
  override parenthesize = true;
  override orToken = 'OR';
  override andToken = 'AND';
  override notToken = 'NOT';
  override eqToken = ':';
  override fieldEscape = '\\';
  override fieldEscapePattern = /[\s*]/;
  override strQuote = '"';
  override strQuotePattern = /^$/;
  override strQuotePatternNegation = false;
  override escapeChar = '\\';
  override wildcardMulti = '*';
  override wildcardSingle = '?';
  override addEscaped = '+-=&|!(){}[]<>^"~*?:\\/ ';
  override boolValues = { true: 'true', false: 'false' };
  override reExpression = '{field}:/{regex}/';
  override reEscape = ['/'];
  override reEscapeEscapeChar = false;
  override cidrExpression = '{field}:{network}\\/{prefixlen}';
  override compareOpExpression = '{field}:{operator}{value}';
  override compareOperators = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
  override fieldNullExpression = 'NOT _exists_:{field}';
  override convertOrAsIn = true;
  override inExpressionsAllowWildcards = true;
  override fieldInListExpression = '{field}{op}({list})';
  override orInOperator = ':';
  override listSeparator = ' OR ';
  override fieldExistsExpression = '_exists_:{field}';
  override fieldNotExistsExpression = 'NOT _exists_:{field}';
  override unboundValueStrExpression = '*{value}*';
  override unboundValueNumExpression = '{value}';

  protected existsExpression(field: string): string {
    return `_exists_:${field}`;
  }

  override convertFieldEqValCidr(node: FieldNode, state: ConversionState): Converted {
    const converted = super.convertFieldEqValCidr(node, state);
    // Colons of an IPv6 network are escaped, except the one after the field name.
    if (typeof converted === 'string' && (node.value as SigmaCidr).cidr.includes(':'))
      return converted.replace(/:/g, '\\:').replace('\\:', ':');
    return converted;
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    const text = (rule: ProcessedRule, query: Converted, state: ConversionState): string => this.finalizeQueryText(query, state, rule);
    return {
      dsl_lucene: (rule, query, _index, state) => ({
        query: { bool: { must: [{ query_string: { query: text(rule, query, state), analyze_wildcard: true } }] } },
      }),
      kibana_ndjson: (rule, query, _index, state) => kibanaSearch(rule, text(rule, query, state)),
      siem_rule: (rule, query, _index, state) => siemRule(rule, text(rule, query, state), this.ruleOptions('query', 'lucene', true)),
      siem_rule_ndjson: (rule, query, _index, state) =>
        siemRuleNdjson(rule, text(rule, query, state), this.ruleOptions('query', 'lucene', true)),
    };
  }
}

function kibanaSearch(rule: ProcessedRule, query: string): Record<string, unknown> {
  const index = 'beats-*';
  const source = {
    index,
    filter: [],
    highlight: {
      pre_tags: ['@kibana-highlighted-field@'],
      post_tags: ['@/kibana-highlighted-field@'],
      fields: { '*': {} },
      require_field_match: false,
      fragment_size: 2147483647,
    },
    query: { query_string: { query, analyze_wildcard: true } },
  };
  return {
    id: String(rule.meta.id ?? 'None'),
    type: 'search',
    attributes: {
      title: `SIGMA - ${rule.meta.title}`,
      description: rule.meta.description ?? null,
      hits: 0,
      columns: [],
      sort: ['@timestamp', 'desc'],
      version: 1,
      kibanaSavedObjectMeta: { searchSourceJSON: pythonJson(source) },
    },
    references: [{ id: index, name: 'kibanaSavedObjectMeta.searchSourceJSON.index', type: 'index-pattern' }],
  };
}

const ELASTALERT_UNITS: Record<string, string> = { s: 'seconds', m: 'minutes', h: 'hours', d: 'days', w: 'weeks', M: 'months', y: 'years' };
const ELASTALERT_PRIORITY: Record<string, number> = { informational: 0, low: 1, medium: 2, high: 3, critical: 4 };

/** ElastAlert rules (YAML) with a Lucene filter; event and value count correlations as frequency and metric rules. */
export class ElastalertTarget extends LuceneTarget {
  override readonly name = 'Elasticsearch Elastalert';
  override readonly identifier = 'elastalert';
  override formats: Record<string, string> = { default: 'Elastalert rule' };
  override correlationMethods = { default: 'Elastalert correlation rule' };
  override correlationSearchSingleRuleExpression = '{query}';

  override convertCorrelation(rule: CorrelationRuleModel): string[] {
    if (rule.type !== 'event_count' && rule.type !== 'value_count') {
      throw sigmaError('NotImplementedError', `Correlation rule type '${rule.type}' is not supported by backend.`);
    }
    if (rule.referencedRules.length !== 1)
      throw sigmaError('SigmaFeatureNotSupportedByBackendError', 'Multiple correlation rules are not supported by Elastalert backend');
    const condition = rule.condition;
    if (!condition) throw sigmaError('SigmaFeatureNotSupportedByBackendError', 'Correlation rule without condition');
    const document: Record<string, unknown> = { filter: [{ query: { query_string: { query: this.correlationSearch(rule) } } }] };
    if (rule.groupBy && rule.groupBy.length > 0) document.query_key = rule.groupBy;
    const span = { [ELASTALERT_UNITS[rule.timespan.unit] ?? rule.timespan.unit]: rule.timespan.count };
    if (rule.type === 'event_count') {
      if (condition.op === 'lt' || condition.op === 'lte') {
        throw sigmaError(
          'SigmaFeatureNotSupportedByBackendError',
          `Operator '${condition.op}' is not supported by Elastalert backend for event count correlation rules.`,
        );
      }
      Object.assign(document, { timeframe: span, num_events: condition.count + (condition.op === 'gt' ? 1 : 0), type: 'frequency' });
    } else {
      const key = { gte: 'max_threshold', gt: 'max_threshold', lte: 'min_threshold', lt: 'min_threshold' }[condition.op as 'gte'];
      if (key === undefined)
        throw sigmaError('SigmaFeatureNotSupportedByBackendError', `Operator '${condition.op}' is not supported by Elastalert backend.`);
      const threshold = condition.count - (condition.op === 'gte' || condition.op === 'lte' ? 1 : 0);
      Object.assign(document, {
        metric_agg_type: 'cardinality',
        metric_agg_key: condition.fieldref,
        buffer_time: span,
        [key]: threshold,
        type: 'metric_aggregation',
      });
    }
    return [JSON.stringify(document)];
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    return {
      default: (rule, query, _index, state) => {
        const document: Record<string, unknown> =
          rule instanceof CorrelationRuleModel
            ? (JSON.parse(String(query)) as Record<string, unknown>)
            : { filter: [{ query: { query_string: { query: this.finalizeQueryText(query, state, rule) } } }], type: 'any' };
        const level = rule.meta.level?.toLowerCase();
        Object.assign(document, {
          description: rule.meta.description ?? '',
          name: rule.meta.title,
          index: this.indexOf(rule, state, '*'),
          priority: level !== undefined ? (ELASTALERT_PRIORITY[level] ?? 1) : 1,
        });
        return dump(document, { sortKeys: true, lineWidth: -1, seqNoIndent: true });
      },
    };
  }
}
