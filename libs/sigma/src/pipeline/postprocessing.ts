import { isPlainObject } from '../parse/parse-rule';
import { sigmaError } from './errors';
import type { PipelineState, ProcessedRule } from './pipeline-state';
import { buildConditions, RULE_CONDITIONS } from './processing-conditions';
import { lookupPath, pythonFormat, pythonJson, pythonRegex, pythonSub, renderJinja } from './python-compat';

/** A query postprocessing item (`postprocessing:` in a pipeline): embed, templates, JSON, replace, nest. */
export interface QueryPostprocessing {
  apply(rule: ProcessedRule, query: unknown, state: PipelineState): unknown;
}

type Rewrite = (rule: ProcessedRule, query: unknown, state: PipelineState) => unknown;

function templateContext(rule: ProcessedRule, query: unknown, state: PipelineState): Record<string, unknown> {
  return {
    query,
    rule: { ...rule.meta, ...rule.customAttributes, logsource: 'logsource' in rule ? rule.logsource : undefined },
    pipeline: { state: state.values, vars: state.vars },
  };
}

function stringQuery(query: unknown, what: string): string {
  if (typeof query !== 'string') throw sigmaError('SigmaConfigurationError', `Query must be a string for ${what}.`);
  return query;
}

function replaceInJson(value: unknown, query: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceInJson(item, query));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceInJson(item, query)]));
  return value === '%QUERY%' ? query : value;
}

const REWRITES: Record<string, (args: Record<string, unknown>) => Rewrite> = {
  embed: (args) => (_rule, query) =>
    `${String(args.prefix ?? '')}${stringQuery(query, 'EmbedQueryTransformation')}${String(args.suffix ?? '')}`,
  simple_template: (args) => (rule, query, state) =>
    pythonFormat(String(args.template), (path) => lookupPath(templateContext(rule, query, state), path)),
  template: (args) => (rule, query, state) => renderJinja(String(args.template), templateContext(rule, query, state)),
  json: (args) => {
    const template: unknown = JSON.parse(String(args.json_template));
    return (_rule, query) => pythonJson(replaceInJson(template, query));
  },
  replace: (args) => {
    const regex = pythonRegex(String(args.pattern));
    return (_rule, query) => pythonSub(regex, String(args.replacement), stringQuery(query, 'ReplaceQueryTransformation'));
  },
  nest: (args) => {
    const items = (Array.isArray(args.items) ? args.items : []).map(buildPostprocessing);
    return (rule, query, state) => items.reduce((current, item) => item.apply(rule, current, state), query);
  },
};

export function buildPostprocessing(d: unknown): QueryPostprocessing {
  if (!isPlainObject(d) || typeof d.type !== 'string') throw sigmaError('SigmaConfigurationError', 'Missing transformation type');
  const factory = REWRITES[d.type];
  if (!factory) throw sigmaError('SigmaConfigurationError', `Unknown transformation type '${d.type}'`);
  const rewrite = factory(d);
  const conditions = buildConditions(RULE_CONDITIONS, d.rule_conditions, 'Rule');
  const any = d.rule_cond_op === 'or';
  const negated = d.rule_cond_not === true;
  const id = typeof d.id === 'string' ? d.id : undefined;
  return {
    apply(rule, query, state) {
      if (conditions.list.length > 0) {
        const results = conditions.list.map((condition) => condition.matchRule(rule, state));
        const matched = any ? results.some(Boolean) : results.every(Boolean);
        if (matched === negated) return query;
      }
      if (id) state.appliedIds.add(id);
      return rewrite(rule, query, state);
    },
  };
}
