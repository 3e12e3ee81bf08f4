import { conditionTree } from '../pipeline/condition-tree';
import { CorrelationRuleModel } from '../pipeline/correlation-model';
import { sigmaError } from '../pipeline/errors';
import { ProcessingPipeline } from '../pipeline/pipeline';
import type { PipelineState, ProcessedRule } from '../pipeline/pipeline-state';
import { SigmaRuleModel } from '../pipeline/rule-model';
import { ConversionState, type Converted } from './conversion-state';
import { CorrelationTemplates } from './correlation-templates';

/** Options a caller passes to a conversion (sigma-cli's `-O` backend options, output format, correlation method). */
export interface ConvertOptions {
  outputFormat?: string;
  correlationMethod?: string;
  backendOptions?: Record<string, unknown>;
}

export type QueryFinalizer = (rule: ProcessedRule, query: Converted, index: number, state: ConversionState) => unknown;

/**
 * A conversion target: the text backend's templates plus what surrounds them (its own processing
 * pipeline, output formats, correlation methods). `convert` turns a rule collection into the
 * target's output, as pySigma's `Backend.convert` does.
 */
export abstract class SigmaBackend extends CorrelationTemplates {
  abstract readonly name: string;
  abstract readonly identifier: string;
  formats: Record<string, string> = { default: 'Plain queries' };
  defaultFormat = 'default';
  requiresPipeline = false;
  /** Whether queries of rules referenced by correlations get the query frame too. */
  finalizeCorrelationSubqueries = false;
  backendPipeline(): ProcessingPipeline {
    return new ProcessingPipeline();
  }
  formatPipeline(_format: string): ProcessingPipeline {
    return new ProcessingPipeline();
  }

  protected options: Record<string, unknown> = {};
  protected pipeline = new ProcessingPipeline();
  protected format_ = 'default';

  /** Extra query formats (`finalize_query_<format>` upstream); `default` frames the query text. */
  protected queryFinalizers(): Record<string, QueryFinalizer> {
    return {};
  }
  /** Extra output formats (`finalize_output_<format>` upstream); `default` is the list of queries. */
  protected outputFinalizers(): Record<string, (queries: unknown[]) => unknown> {
    return {};
  }

  /** Converts the rules and correlations of one collection into the output of the format. */
  convert(rules: ProcessedRule[], userPipeline: ProcessingPipeline, options: ConvertOptions = {}): unknown {
    const format = options.outputFormat ?? this.defaultFormat;
    if (!(format in this.formats)) {
      throw sigmaError(
        'SigmaBackendError',
        `Output format '${format}' is not supported by backend '${this.name}'; formats: ${Object.keys(this.formats).join(', ')}`,
      );
    }
    if (this.requiresPipeline && userPipeline.items.length === 0) {
      throw sigmaError('SigmaPipelineNotFoundError', `Backend '${this.name}' requires a processing pipeline`);
    }
    this.options = options.backendOptions ?? {};
    this.format_ = format;
    this.pipeline = this.backendPipeline().concat(userPipeline).concat(this.formatPipeline(format));
    const vars = Object.fromEntries(Object.entries(this.options).map(([key, value]) => [`backend_${key}`, value]));
    this.pipeline.vars = { ...this.pipeline.vars, ...vars };
    const queries: unknown[] = [];
    for (const rule of referencedFirst(rules)) {
      const converted =
        rule instanceof SigmaRuleModel
          ? this.convertRule(rule, format)
          : this.convertCorrelationRule(rule, format, options.correlationMethod);
      queries.push(...converted);
    }
    return this.pipeline.finalize(this.finalizeOutput(queries, format));
  }

  convertRule(rule: SigmaRuleModel, format: string): unknown[] {
    const pipelineState = this.pipeline.apply(rule);
    const results: Array<{ query: Converted; state: ConversionState }> = [];
    rule.conditions.forEach((_condition, index) => {
      const state = new ConversionState({ ...pipelineState.values });
      const query = this.convertCondition(conditionTree(rule, index), state);
      if (query !== null) results.push({ query, state });
    });
    const finalize = this.finalizeCorrelationSubqueries || rule.referencedBy === 0;
    const queries = finalize
      ? results.map(({ query, state }, index) => this.finalizeQuery(rule, query, index, state, format, pipelineState))
      : results.map(({ query, state }) => this.finalizeSubquery(rule, query, state));
    rule.conversionResult = queries;
    rule.conversionStates = results.map(({ state }) => state.processingState);
    return rule.output ? queries : [];
  }

  convertCorrelationRule(rule: CorrelationRuleModel, format: string, method?: string): unknown[] {
    if (this.correlationMethods === null) throw sigmaError('NotImplementedError', 'Backend does not support correlation rules.');
    const chosen = method ?? this.defaultCorrelationMethod;
    if (!(chosen in this.correlationMethods)) {
      throw sigmaError('SigmaConversionError', `Correlation method '${chosen}' is not supported by backend '${this.name}'.`);
    }
    const pipelineState = this.pipeline.apply(rule);
    const queries = this.convertCorrelation(rule, chosen, format, pipelineState).map((query, index) =>
      this.finalizeQuery(rule, query, index, new ConversionState({ ...pipelineState.values }), format, pipelineState),
    );
    rule.conversionResult = queries;
    rule.conversionStates = queries.map(() => ({ ...pipelineState.values }));
    return rule.output ? queries : [];
  }

  /** The query of a rule referenced by a correlation, as the correlation's search embeds it. */
  finalizeSubquery(rule: ProcessedRule, query: Converted, state: ConversionState): unknown {
    return this.finalizeQueryText(query, state, rule);
  }

  finalizeQuery(
    rule: ProcessedRule,
    query: Converted,
    index: number,
    state: ConversionState,
    format: string,
    pipelineState: PipelineState,
  ): unknown {
    const finalizer = this.queryFinalizers()[format];
    const finalized = finalizer ? finalizer(rule, query, index, state) : this.finalizeQueryText(query, state, rule);
    return this.pipeline.postprocessQuery(rule, finalized, pipelineState);
  }

  finalizeOutput(queries: unknown[], format: string): unknown {
    const finalizer = this.outputFinalizers()[format];
    return finalizer ? finalizer(queries) : queries;
  }
}

/** Document order, except that a correlation's rules are converted before it (its search needs their queries). */
function referencedFirst(rules: ProcessedRule[]): ProcessedRule[] {
  const ordered: ProcessedRule[] = [];
  const visit = (rule: ProcessedRule): void => {
    if (ordered.includes(rule)) return;
    if (rule instanceof CorrelationRuleModel) rule.referencedRules.forEach(visit);
    ordered.push(rule);
  };
  rules.forEach(visit);
  return ordered;
}

export { CorrelationRuleModel, SigmaRuleModel };
