import { load, YAML11_SCHEMA } from 'js-yaml';
import { isPlainObject } from '../parse/parse-rule';
import { parseRuleExpression, type RuleExpression } from './correlation-model';
import { SigmaError, sigmaError } from './errors';
import { buildFinalizer, type Finalizer } from './finalizers';
import { PipelineState, type ProcessedRule } from './pipeline-state';
import { buildPostprocessing, type QueryPostprocessing } from './postprocessing';
import {
  buildConditions,
  FIELD_CONDITIONS,
  ITEM_CONDITIONS,
  RULE_CONDITIONS,
  type FieldCondition,
  type ItemCondition,
  type RuleCondition,
} from './processing-conditions';
import type { DetectionItem } from './rule-model';
import type { ItemContext, Transformation } from './transformation-base';
import { TRANSFORMATIONS } from './transformations';
import type { SigmaFieldRef } from './values';

/**
 * pySigma's processing pipelines in their YAML format: `transformations` (processing items with
 * rule, detection item and field name conditions), `postprocessing` of the queries, `finalizers` of
 * the output, `vars` and `priority`. Applying a pipeline rewrites a parsed rule in place; backends
 * and the evaluation engine then read the rewritten rule.
 */

/** Conditions of one scope: a list linked with and/or (`*_cond_op`), or named ones in an expression (`*_cond_expr`). */
class ConditionSet<T> {
  constructor(
    readonly list: T[],
    readonly named: Map<string, T> | null,
    readonly op: 'and' | 'or',
    readonly expression: RuleExpression | null,
    readonly negated: boolean,
  ) {}

  static build<T>(
    registry: Record<string, (args: Record<string, unknown>) => T>,
    d: Record<string, unknown>,
    prefix: string,
    what: string,
  ): ConditionSet<T> {
    const { list, named } = buildConditions(registry, d[`${prefix}_conditions`], what);
    const expressionText = d[`${prefix}_cond_expr`];
    const op = d[`${prefix}_cond_op`];
    if (op !== undefined && op !== 'and' && op !== 'or')
      throw sigmaError('SigmaConfigurationError', `${prefix}_cond_op must be 'and' or 'or'`);
    let expression: RuleExpression | null = null;
    if (typeof expressionText === 'string') {
      if (op !== undefined) throw sigmaError('SigmaConfigurationError', `${what} condition expression is mutually exclusive to linking.`);
      if (!named)
        throw sigmaError(
          'SigmaConfigurationError',
          `${what} conditions must be provided as mapping from identifiers to conditions if condition expression is provided.`,
        );
      expression = parseRuleExpression(expressionText);
      const used = new Set<string>();
      const visit = (node: RuleExpression): void => {
        if (node.kind === 'rule') {
          if (!named.has(node.name)) throw sigmaError('SigmaConfigurationError', `Condition identifier '${node.name}' not found.`);
          used.add(node.name);
        } else if (node.kind === 'not') visit(node.arg);
        else node.args.forEach(visit);
      };
      visit(expression);
      const unused = [...named.keys()].filter((key) => !used.has(key));
      if (unused.length > 0)
        throw sigmaError('SigmaConfigurationError', `${what} condition contains unreferenced condition items: ${unused.join(', ')}`);
    }
    return new ConditionSet(list, named, op === 'or' ? 'or' : 'and', expression, d[`${prefix}_cond_not`] === true);
  }

  evaluate(test: (condition: T) => boolean): boolean {
    let result: boolean;
    if (this.expression && this.named) {
      const named = this.named;
      const walk = (node: RuleExpression): boolean => {
        if (node.kind === 'rule') return test(named.get(node.name) as T);
        if (node.kind === 'not') return !walk(node.arg);
        return node.kind === 'and' ? node.args.every(walk) : node.args.some(walk);
      };
      result = walk(this.expression);
    } else result = this.op === 'and' ? this.list.every(test) : this.list.some(test);
    return this.negated ? !result : result;
  }
}

export class ProcessingItem {
  constructor(
    readonly id: string | undefined,
    readonly transformation: Transformation,
    readonly ruleConditions: ConditionSet<RuleCondition>,
    readonly itemConditions: ConditionSet<ItemCondition>,
    readonly fieldConditions: ConditionSet<FieldCondition>,
  ) {}

  static fromDict(d: unknown): ProcessingItem {
    if (!isPlainObject(d)) throw sigmaError('SigmaConfigurationError', 'A processing item must be a mapping');
    const type = d.type;
    if (typeof type !== 'string') throw sigmaError('SigmaConfigurationError', 'Missing transformation type');
    const factory = type === 'nest' ? nestedTransformation : TRANSFORMATIONS[type];
    if (!factory) throw sigmaError('SigmaConfigurationError', `Unknown transformation type '${type}'`);
    const item = new ProcessingItem(
      typeof d.id === 'string' && d.id !== '' ? d.id : undefined,
      factory(d),
      ConditionSet.build(RULE_CONDITIONS, d, 'rule', 'Rule'),
      ConditionSet.build(ITEM_CONDITIONS, d, 'detection_item', 'Detection item'),
      ConditionSet.build(FIELD_CONDITIONS, d, 'field_name', 'Field name'),
    );
    item.definition = d;
    return item;
  }

  /** The YAML-shaped definition the item was built from (the evaluation engine applies it to rule documents); unset for code-built items. */
  definition?: Readonly<Record<string, unknown>>;

  /**
   * An item whose transformation is code rather than a registered YAML type (a backend plugin's own
   * transformations); `d` holds the id and the conditions in the YAML shape.
   */
  static withTransformation(transformation: Transformation, d: Record<string, unknown> = {}): ProcessingItem {
    return new ProcessingItem(
      typeof d.id === 'string' && d.id !== '' ? d.id : undefined,
      transformation,
      ConditionSet.build(RULE_CONDITIONS, d, 'rule', 'Rule'),
      ConditionSet.build(ITEM_CONDITIONS, d, 'detection_item', 'Detection item'),
      ConditionSet.build(FIELD_CONDITIONS, d, 'field_name', 'Field name'),
    );
  }

  matchesRule(rule: ProcessedRule, state: PipelineState): boolean {
    if (this.ruleConditions.list.length === 0) return true;
    return this.ruleConditions.evaluate((condition) => condition.matchRule(rule, state));
  }

  context(state: PipelineState): ItemContext {
    const fieldMatch = (field: string | null): boolean => this.fieldConditions.evaluate((condition) => condition.matchField(field, state));
    return {
      id: this.id,
      state,
      matchItem: (item: DetectionItem) =>
        this.itemConditions.evaluate((condition) => condition.matchItem(item, state)) &&
        this.fieldConditions.evaluate((condition) =>
          condition.matchItemField ? condition.matchItemField(item, state) : condition.matchField(item.field, state),
        ),
      matchFieldName: fieldMatch,
      matchFieldInValue: (value: SigmaFieldRef) => fieldMatch(value.field),
    };
  }

  /** Applies the transformation when the rule conditions hold; says whether it did. */
  apply(rule: ProcessedRule, state: PipelineState): boolean {
    if (!this.matchesRule(rule, state)) return false;
    this.transformation.apply(rule, this.context(state));
    if (this.id) state.appliedIds.add(this.id);
    return true;
  }
}

function nestedTransformation(d: Record<string, unknown>): Transformation {
  if (!Array.isArray(d.items)) throw sigmaError('SigmaConfigurationError', "Nested processing transformation requires an 'items' key.");
  const items = d.items.map((item) => ProcessingItem.fromDict(item));
  return {
    apply(rule, context) {
      rule.markApplied(context.id);
      for (const item of items) item.apply(rule, context.state);
    },
  };
}

export interface PipelineDefinition {
  name?: string;
  priority: number;
  vars: Record<string, unknown>;
  items: ProcessingItem[];
  postprocessing: QueryPostprocessing[];
  finalizers: Finalizer[];
  allowedBackends: string[];
}

const PIPELINE_KEYS = new Set(['vars', 'transformations', 'postprocessing', 'finalizers', 'priority', 'name', 'allowed_backends']);

export class ProcessingPipeline implements PipelineDefinition {
  name?: string;
  priority = 0;
  vars: Record<string, unknown> = {};
  items: ProcessingItem[] = [];
  postprocessing: QueryPostprocessing[] = [];
  finalizers: Finalizer[] = [];
  allowedBackends: string[] = [];

  constructor(init: Partial<PipelineDefinition> = {}) {
    Object.assign(this, init);
  }

  static fromObject(d: unknown): ProcessingPipeline {
    if (d === null || d === undefined) return new ProcessingPipeline();
    if (!isPlainObject(d)) throw sigmaError('SigmaConfigurationError', 'A processing pipeline must be a mapping');
    const unknown = Object.keys(d).filter((key) => !PIPELINE_KEYS.has(key));
    if (unknown.length > 0) throw sigmaError('SigmaConfigurationError', `Unknown keys ${unknown.join(', ')} in processing pipeline`);
    const numbered = <T>(list: unknown, build: (item: unknown) => T): T[] =>
      (Array.isArray(list) ? list : []).map((item, index) => {
        try {
          return build(item);
        } catch (error) {
          if (error instanceof SigmaError) throw sigmaError(error.kind, `Error in processing rule ${index + 1}: ${error.message}`);
          throw error;
        }
      });
    return new ProcessingPipeline({
      name: typeof d.name === 'string' ? d.name : undefined,
      priority: typeof d.priority === 'number' ? d.priority : 0,
      vars: isPlainObject(d.vars) ? d.vars : {},
      items: numbered(d.transformations, (item) => ProcessingItem.fromDict(item)),
      postprocessing: numbered(d.postprocessing, buildPostprocessing),
      finalizers: numbered(d.finalizers, buildFinalizer),
      allowedBackends: Array.isArray(d.allowed_backends) ? d.allowed_backends.map(String) : [],
    });
  }

  static fromYaml(text: string): ProcessingPipeline {
    let parsed: unknown;
    try {
      parsed = load(text, { schema: YAML11_SCHEMA });
    } catch (error) {
      throw sigmaError(
        'SigmaConfigurationError',
        `Error in parsing of a Sigma processing pipeline: ${(error as Error).message.split('\n')[0] ?? ''}`,
      );
    }
    return ProcessingPipeline.fromObject(parsed);
  }

  /** This pipeline followed by `other` (pySigma's `+`): items, postprocessing and finalizers in order, vars merged. */
  concat(other: ProcessingPipeline): ProcessingPipeline {
    return new ProcessingPipeline({
      name: this.name,
      priority: this.priority,
      vars: { ...this.vars, ...other.vars },
      items: [...this.items, ...other.items],
      postprocessing: [...this.postprocessing, ...other.postprocessing],
      finalizers: [...this.finalizers, ...other.finalizers],
      allowedBackends: this.allowedBackends,
    });
  }

  /** Rewrites the rule; the returned state holds what backends read (set_state values, applied ids). */
  apply(rule: ProcessedRule, vars: Record<string, unknown> = {}): PipelineState {
    const state = new PipelineState({ ...this.vars, ...vars });
    for (const item of this.items) item.apply(rule, state);
    return state;
  }

  postprocessQuery(rule: ProcessedRule, query: unknown, state: PipelineState): unknown {
    let current = query;
    for (const item of this.postprocessing) current = item.apply(rule, current, state);
    return current;
  }

  finalize(output: unknown): unknown {
    return this.finalizers.reduce((current, finalizer) => finalizer(current), output);
  }
}

/** Several pipelines as one, ordered by priority (stable), as sigma-cli resolves `-p` options. */
export function combinePipelines(pipelines: readonly ProcessingPipeline[]): ProcessingPipeline {
  return [...pipelines]
    .map((pipeline, index) => ({ pipeline, index }))
    .sort((a, b) => a.pipeline.priority - b.pipeline.priority || a.index - b.index)
    .reduce((combined, { pipeline }) => combined.concat(pipeline), new ProcessingPipeline());
}
