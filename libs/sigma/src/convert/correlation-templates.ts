import type { CorrelationAlias, CorrelationRuleModel, CorrelationType, RuleExpression, Timespan } from '../pipeline/correlation-model';
import { sigmaError } from '../pipeline/errors';
import type { PipelineState } from '../pipeline/pipeline-state';
import type { SigmaRuleModel } from '../pipeline/rule-model';
import { TextQueryBackend } from './text-backend';

/** Per correlation method templates (upstream keeps them as dicts keyed by method). */
export type ByMethod = Record<string, string>;

/**
 * Correlation rules as templates, after pySigma's TextQueryBackend: a search phase (the referenced
 * rules' queries), an optional typing phase, the aggregation and the condition on the aggregate.
 */
export abstract class CorrelationTemplates extends TextQueryBackend {
  correlationMethods: Record<string, string> | null = null;
  defaultCorrelationMethod = 'default';
  defaultCorrelationQuery: ByMethod | null = null;
  correlationQuery: Partial<Record<CorrelationType, ByMethod>> = {};
  correlationSearchSingleRuleExpression: string | null = null;
  correlationSearchMultiRuleExpression: string | null = null;
  correlationSearchMultiRuleQueryExpression: string | null = null;
  correlationSearchMultiRuleQueryExpressionJoiner: string | null = null;
  correlationSearchFieldNormalizationExpression: string | null = null;
  correlationSearchFieldNormalizationExpressionJoiner: string | null = null;
  typingExpression: string | null = null;
  typingRuleQueryExpression: string | null = null;
  typingRuleQueryExpressionJoiner: string | null = null;
  aggregationExpression: Partial<Record<CorrelationType, ByMethod>> = {};
  conditionExpression: Partial<Record<CorrelationType, ByMethod>> = {};
  timespanMapping: Record<string, string> | null = null;
  timespanSeconds = false;
  referencedRulesExpression: ByMethod | null = null;
  referencedRulesExpressionJoiner: ByMethod | null = null;
  groupbyExpression: ByMethod | null = null;
  groupbyFieldExpression: ByMethod | null = null;
  groupbyFieldExpressionJoiner: ByMethod | null = null;
  groupbyExpressionNofield: ByMethod | null = null;
  correlationFieldsExpression: ByMethod | null = null;
  correlationFieldsFieldExpression: ByMethod | null = null;
  correlationFieldsFieldExpressionJoiner: ByMethod | null = null;
  correlationConditionMapping: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=', eq: '==', neq: '!=' };
  /** Temporal rules whose condition is an expression over the rules (`a and not b`). */
  extendedAggregationExpression: Partial<Record<'temporal' | 'temporal_ordered', ByMethod>> = {};
  extendedConditionExpression: ByMethod | null = null;
  extendedRuleExpression: ByMethod | null = null;

  ruleId(rule: SigmaRuleModel | CorrelationRuleModel): string {
    return rule.meta.name ?? rule.meta.id ?? '';
  }

  /** The queries of a correlation rule (usually one). */
  convertCorrelation(rule: CorrelationRuleModel, method: string, _format: string, _state: PipelineState): string[] {
    const template = this.correlationQuery[rule.type] ?? this.defaultCorrelationQuery;
    if (template === null) throw sigmaError('NotImplementedError', `Correlation rule type '${rule.type}' is not supported by backend.`);
    const frame = template[method];
    if (frame === undefined) {
      throw sigmaError(
        'SigmaConversionError',
        `Correlation method '${method}' is not supported by backend for correlation type '${rule.type}'.`,
      );
    }
    const search = this.correlationSearch(rule);
    return [
      this.format(frame, {
        search,
        typing: this.correlationTyping(rule),
        timespan: this.convertTimespan(rule.timespan),
        aggregate: this.correlationAggregation(rule, method, search),
        condition: this.correlationCondition(rule, method),
        groupby: this.correlationGroupBy(rule.groupBy, method),
      }),
    ];
  }

  protected ruleView(rule: SigmaRuleModel | CorrelationRuleModel): Record<string, unknown> {
    return { ...rule.meta, ...rule.customAttributes };
  }

  correlationSearch(rule: CorrelationRuleModel): string {
    const only = rule.referencedRules[0];
    if (
      rule.referencedRules.length === 1 &&
      only &&
      only.conversionResult.length === 1 &&
      this.correlationSearchSingleRuleExpression !== null
    ) {
      return this.format(this.correlationSearchSingleRuleExpression, {
        rule: this.ruleView(only),
        ruleid: this.ruleId(only),
        query: only.conversionResult[0],
        normalization: this.normalization(rule.aliases, only),
      });
    }
    if (
      this.correlationSearchMultiRuleExpression === null ||
      this.correlationSearchMultiRuleQueryExpression === null ||
      this.correlationSearchMultiRuleQueryExpressionJoiner === null
    ) {
      throw sigmaError('NotImplementedError', 'Multi-rule correlation search expressions are not supported by the backend.');
    }
    const perQuery = this.correlationSearchMultiRuleQueryExpression;
    const queries = rule.referencedRules.flatMap((referenced) =>
      referenced.conversionResult.map((query) =>
        this.format(perQuery, {
          rule: this.ruleView(referenced),
          ruleid: this.ruleId(referenced),
          query: this.multiRuleQueryPostprocess(String(query)),
          normalization: this.normalization(rule.aliases, referenced),
        }),
      ),
    );
    return this.format(this.correlationSearchMultiRuleExpression, {
      queries: queries.join(this.correlationSearchMultiRuleQueryExpressionJoiner),
    });
  }

  multiRuleQueryPostprocess(query: string): string {
    return query;
  }

  normalization(aliases: CorrelationAlias[], referenced: SigmaRuleModel | CorrelationRuleModel): string {
    if (aliases.length === 0) return '';
    if (this.correlationSearchFieldNormalizationExpression === null || this.correlationSearchFieldNormalizationExpressionJoiner === null) {
      throw sigmaError('NotImplementedError', 'Correlation field normalization is not supported by backend.');
    }
    const template = this.correlationSearchFieldNormalizationExpression;
    const names = [referenced.meta.name, referenced.meta.id].filter((name): name is string => name !== undefined);
    return aliases
      .flatMap((alias) =>
        [...alias.mapping]
          .filter(([ruleName]) => names.includes(ruleName))
          .map(([, field]) => this.format(template, { alias: alias.alias, field })),
      )
      .join(this.correlationSearchFieldNormalizationExpressionJoiner);
  }

  correlationTyping(rule: CorrelationRuleModel): string {
    if (this.typingExpression === null) return '';
    if (this.typingRuleQueryExpression === null || this.typingRuleQueryExpressionJoiner === null) {
      throw sigmaError('NotImplementedError', 'Typing rule query expressions are not supported by the backend.');
    }
    const perQuery = this.typingRuleQueryExpression;
    return this.format(this.typingExpression, {
      queries: rule.referencedRules
        .flatMap((referenced) =>
          referenced.conversionResult.map((query) =>
            this.format(perQuery, {
              rule: this.ruleView(referenced),
              ruleid: this.ruleId(referenced),
              query: this.typingQueryPostprocess(String(query)),
            }),
          ),
        )
        .join(this.typingRuleQueryExpressionJoiner),
    });
  }

  typingQueryPostprocess(query: string): string {
    return query;
  }

  correlationAggregation(rule: CorrelationRuleModel, method: string, search: string): string {
    const extended = rule.expression !== null && (rule.type === 'temporal' || rule.type === 'temporal_ordered');
    const templates = extended
      ? this.extendedAggregationExpression[rule.type as 'temporal' | 'temporal_ordered']
      : this.aggregationExpression[rule.type];
    if (!templates) {
      throw sigmaError(
        extended ? 'SigmaFeatureNotSupportedByBackendError' : 'NotImplementedError',
        extended
          ? `Correlation conditions written as rule expressions are not supported by backend ${this.constructor.name}.`
          : `Correlation type '${rule.type}' is not supported by backend.`,
      );
    }
    const template = templates[method] as string;
    return this.format(template, {
      rule: this.ruleView(rule),
      referenced_rules: this.referencedRules(rule, method),
      field: rule.condition?.fieldref ?? null,
      percentile: rule.condition?.percentile ?? null,
      fields: this.correlationFields(rule, method),
      timespan: this.convertTimespan(rule.timespan),
      groupby: this.correlationGroupBy(rule.groupBy, method),
      search,
    });
  }

  correlationFields(rule: CorrelationRuleModel, method: string): string {
    if (this.correlationFieldsExpression === null) return '';
    const all: string[] = [];
    for (const field of [...rule.referencedRules.flatMap((referenced) => referenced.fields), ...rule.fields]) {
      if ((rule.groupBy === null || !rule.groupBy.includes(field)) && !all.includes(field)) all.push(field);
    }
    if (all.length === 0 || this.correlationFieldsFieldExpression === null || this.correlationFieldsFieldExpressionJoiner === null)
      return '';
    const perField = this.correlationFieldsFieldExpression[method] as string;
    return this.format(this.correlationFieldsExpression[method] as string, {
      fields: all
        .map((field) => this.format(perField, { field: this.escapeAndQuoteField(field) }))
        .join(this.correlationFieldsFieldExpressionJoiner[method]),
    });
  }

  correlationGroupBy(groupBy: string[] | null, method: string): string {
    if (groupBy === null) return this.groupbyExpressionNofield?.[method] ?? '';
    if (this.groupbyExpression === null || this.groupbyFieldExpression === null || this.groupbyFieldExpressionJoiner === null) {
      throw sigmaError('NotImplementedError', 'Group by expressions are not supported by the backend.');
    }
    const perField = this.groupbyFieldExpression[method] as string;
    return this.format(this.groupbyExpression[method] as string, {
      fields: groupBy
        .map((field) => this.format(perField, { field: this.escapeAndQuoteField(field) }))
        .join(this.groupbyFieldExpressionJoiner[method]),
    });
  }

  referencedRules(rule: CorrelationRuleModel, method: string): string {
    if (this.referencedRulesExpression === null || this.referencedRulesExpressionJoiner === null) return '';
    const template = this.referencedRulesExpression[method] as string;
    return rule.referencedRules
      .map((referenced) => this.format(template, { ruleid: this.ruleId(referenced) }))
      .join(this.referencedRulesExpressionJoiner[method]);
  }

  correlationCondition(rule: CorrelationRuleModel, method: string): string {
    if (rule.expression !== null) return this.extendedCondition(rule.expression, method);
    const templates = this.conditionExpression[rule.type];
    if (!templates || rule.condition === null)
      throw sigmaError('NotImplementedError', `Correlation type '${rule.type}' is not supported by backend.`);
    return this.format(templates[method] as string, {
      field: rule.condition.fieldref,
      op: this.correlationConditionMapping[rule.condition.op],
      count: rule.condition.count,
      referenced_rules: this.referencedRules(rule, method),
    });
  }

  /** A rule expression as a condition on the rules matched in the window (`matched_rules="a" and ...`). */
  extendedCondition(expression: RuleExpression, method: string): string {
    if (this.extendedConditionExpression === null || this.extendedRuleExpression === null) {
      throw sigmaError(
        'SigmaFeatureNotSupportedByBackendError',
        'Correlation conditions written as rule expressions are not supported by the backend.',
      );
    }
    const ruleTemplate = this.extendedRuleExpression[method] as string;
    const rank = { not: 0, and: 1, or: 2, rule: -1 } as const;
    const render = (node: RuleExpression): string => {
      const child = (inner: RuleExpression): string => {
        const text = render(inner);
        return rank[inner.kind] > rank[node.kind] || (node.kind === 'not' && inner.kind !== 'rule')
          ? this.format(this.groupExpression ?? '({expr})', { expr: text })
          : text;
      };
      if (node.kind === 'rule') return this.format(ruleTemplate, { ruleid: node.name });
      if (node.kind === 'not') return `${this.notToken}${this.tokenSeparator}${child(node.arg)}`;
      const token = node.kind === 'and' ? this.andToken : this.orToken;
      return node.args.map(child).join(`${this.tokenSeparator}${token}${this.tokenSeparator}`);
    };
    return this.format(this.extendedConditionExpression[method] as string, { expression: render(expression) });
  }

  convertTimespan(timespan: Timespan): string {
    if (this.timespanSeconds) return String(timespan.seconds);
    if (this.timespanMapping !== null && timespan.unit in this.timespanMapping)
      return `${timespan.count}${this.timespanMapping[timespan.unit]}`;
    return timespan.spec;
  }
}
