import { loadRuleCollection } from '../pipeline/collection';
import { SigmaError, sigmaError, type SigmaErrorKind } from '../pipeline/errors';
import { combinePipelines, ProcessingPipeline } from '../pipeline/pipeline';
import type { ConvertOptions } from './backend';
import { NAMED_PIPELINES } from '../pipeline/named';
import { targetFor } from './registry';
import './pipelines';

/** A pipeline to apply: a registered name (with arguments) or the text of a pySigma pipeline YAML. */
export type PipelineSpec = { name: string; args?: Record<string, unknown> } | { yaml: string; source?: string };

export interface ConversionRequest extends ConvertOptions {
  target: string;
  pipelines?: PipelineSpec[];
}

export type ConversionOutcome = { ok: true; queries: unknown[] } | { ok: false; kind: SigmaErrorKind; message: string };

/** Resolves the pipeline specs to one pipeline (ordered by priority); unknown names are an error. */
export function resolvePipelines(specs: readonly PipelineSpec[]): ProcessingPipeline {
  return combinePipelines(
    specs.map((spec) => {
      if ('yaml' in spec) return ProcessingPipeline.fromYaml(spec.yaml);
      const factory = NAMED_PIPELINES[spec.name];
      if (!factory)
        throw sigmaError(
          'SigmaPipelineNotFoundError',
          `Unknown pipeline '${spec.name}'; pipelines: ${Object.keys(NAMED_PIPELINES).join(', ')}`,
        );
      return factory(spec.args ?? {});
    }),
  );
}

/** Checks the target, output format and pipelines of a request before any rule is read. */
export function checkRequest(request: ConversionRequest): void {
  const target = targetFor(request.target);
  const format = request.outputFormat ?? target.defaultFormat;
  if (!(format in target.formats)) {
    throw sigmaError(
      'SigmaBackendError',
      `Output format '${format}' is not supported by target '${request.target}'; formats: ${Object.keys(target.formats).join(', ')}`,
    );
  }
  resolvePipelines(request.pipelines ?? []);
}

/**
 * Converts the rules of one YAML text (a rule, or a correlation with the rules it references) for a
 * target. Errors of the rule or of what the target can express come back as an outcome, not thrown.
 */
export function convertRuleText(text: string, request: ConversionRequest): ConversionOutcome {
  try {
    const target = targetFor(request.target);
    const pipeline = resolvePipelines(request.pipelines ?? []);
    const rules = loadRuleCollection(text);
    const output = target.convert(rules, pipeline, request);
    return { ok: true, queries: Array.isArray(output) ? output : [output] };
  } catch (error) {
    if (error instanceof SigmaError) return { ok: false, kind: error.kind, message: error.message };
    if (error instanceof RangeError || error instanceof TypeError || error instanceof SyntaxError) {
      return { ok: false, kind: 'SigmaError', message: `${error.name}: ${error.message}` };
    }
    throw error;
  }
}
