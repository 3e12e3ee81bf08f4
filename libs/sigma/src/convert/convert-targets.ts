import { loadRuleCollection } from '../pipeline/collection';
import { SigmaError } from '../pipeline/errors';
import { NAMED_PIPELINES } from '../pipeline/named';
import { convertRuleText } from './convert';
import { TARGET_IDS, targetFor } from './registry';
import './pipelines';

/** One target a team converts to: the target, the named pipelines before it, an output format. */
export interface TargetSpec {
  target: string;
  pipelines: string[];
  outputFormat?: string;
}

/** The targets when a team has configured none (the setting SIGMA_CONVERT_TARGETS). */
export const DEFAULT_CONVERT_TARGETS = 'splunk, kusto, lucene';

/**
 * Parses the team's target list: comma-separated entries `target` or `target:pipeline+pipeline`,
 * e.g. `splunk, kusto:microsoft_xdr, lucene:ecs_windows`. Empty entries are skipped.
 */
export function parseTargetList(text: string): TargetSpec[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [target = '', pipelines = ''] = entry.split(':', 2);
      return {
        target: target.trim(),
        pipelines: pipelines
          .split('+')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      };
    });
}

/** The team's targets from the stored setting (trimmed; empty or absent: the defaults). */
export function teamTargets(setting: string | null | undefined): TargetSpec[] {
  return parseTargetList(setting?.trim() || DEFAULT_CONVERT_TARGETS);
}

export type TargetProblemCode = 'unknown_target' | 'unknown_pipeline' | 'unknown_output_format';
export interface TargetProblem {
  code: TargetProblemCode;
  message: string;
}

/** The first thing wrong with the requested targets (before any rule is read), or null. */
export function checkTargets(specs: readonly TargetSpec[]): TargetProblem | null {
  for (const spec of specs) {
    if (!TARGET_IDS.includes(spec.target))
      return { code: 'unknown_target', message: `Unknown target '${spec.target}'; targets: ${TARGET_IDS.join(', ')}` };
    const unknown = spec.pipelines.find((name) => !(name in NAMED_PIPELINES));
    if (unknown !== undefined) {
      return {
        code: 'unknown_pipeline',
        message: `Unknown pipeline '${unknown}'; pipelines: ${Object.keys(NAMED_PIPELINES).sort().join(', ')}`,
      };
    }
    const formats = targetFor(spec.target).formats;
    if (spec.outputFormat !== undefined && !(spec.outputFormat in formats)) {
      return {
        code: 'unknown_output_format',
        message: `Output format '${spec.outputFormat}' is not one of target '${spec.target}': ${Object.keys(formats).join(', ')}`,
      };
    }
  }
  return null;
}

/** Why the text is not a Sigma rule collection at all (null when it loads). */
export function ruleLoadError(text: string): string | null {
  try {
    loadRuleCollection(text);
    return null;
  } catch (error) {
    if (error instanceof SigmaError) return `${error.kind}: ${error.message}`;
    throw error;
  }
}

export interface TargetConversion {
  target: string;
  pipelines: string[];
  outputFormat: string | null;
  queries: unknown[];
  /** What the target cannot express of this rule (`kind` is pySigma's error class name). */
  error: { kind: string; message: string } | null;
}

/** The rule converted for each target; a target that cannot express it gets its error, the others still convert. */
export function convertForTargets(text: string, specs: readonly TargetSpec[]): TargetConversion[] {
  return specs.map((spec) => {
    const outcome = convertRuleText(text, {
      target: spec.target,
      pipelines: spec.pipelines.map((name) => ({ name })),
      outputFormat: spec.outputFormat,
    });
    const base = { target: spec.target, pipelines: spec.pipelines, outputFormat: spec.outputFormat ?? null };
    return outcome.ok
      ? { ...base, queries: outcome.queries, error: null }
      : { ...base, queries: [], error: { kind: outcome.kind, message: outcome.message } };
  });
}
