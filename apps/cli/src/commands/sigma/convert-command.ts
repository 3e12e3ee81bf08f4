import { existsSync, readFileSync, statSync } from 'node:fs';
import { checkRequest, convertRuleText, SigmaError, type ConversionRequest, type PipelineSpec } from '@huntforge/sigma';
import { collectRuleFiles } from './rule-paths';
import type { CommandResult } from './validate-command';

export interface ConvertCommandOptions {
  target: string;
  pipeline: string[];
  pipelineArg: string[];
  outputFormat?: string;
  backendOption: string[];
  correlationMethod?: string;
  format: 'text' | 'json';
}

/** `KEY=VALUE` with the value read as JSON when it is JSON (`false`, `["a"]`), else as text. */
export function keyValues(pairs: readonly string[], what: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`${what} '${pair}' is not KEY=VALUE`);
    const raw = pair.slice(at + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    result[pair.slice(0, at)] = value;
  }
  return result;
}

function requestError(request: ConversionRequest): string | null {
  try {
    checkRequest(request);
    return null;
  } catch (error) {
    if (error instanceof SigmaError) return `${error.kind}: ${error.message}`;
    throw error;
  }
}

/** A `--pipeline` value: a pipeline YAML file when such a file exists, else a registered pipeline name. */
function pipelineSpecs(values: readonly string[], args: Record<string, unknown>): PipelineSpec[] {
  return values.map((value) =>
    existsSync(value) && statSync(value).isFile() ? { yaml: readFileSync(value, 'utf8'), source: value } : { name: value, args },
  );
}

/**
 * `huntforge sigma convert --target T [--pipeline P]... RULES...`: each rule file converted to the
 * target's queries; a file the target cannot express gets an error beside it, the others still convert.
 */
export function runConvert(paths: readonly string[], options: ConvertCommandOptions): CommandResult {
  const request: ConversionRequest = {
    target: options.target,
    pipelines: pipelineSpecs(options.pipeline, keyValues(options.pipelineArg, '--pipeline-arg')),
    outputFormat: options.outputFormat,
    backendOptions: keyValues(options.backendOption, '--backend-option'),
    correlationMethod: options.correlationMethod,
  };
  const files = collectRuleFiles(paths);
  // A request the target refuses as a whole (unknown format, pipeline...) is reported against every file.
  const refused = requestError(request);
  const results = files.map((file) => {
    if (refused !== null) return { file, queries: [], error: refused };
    const outcome = convertRuleText(readFileSync(file, 'utf8'), request);
    return outcome.ok
      ? { file, queries: outcome.queries, error: null }
      : { file, queries: [], error: `${outcome.kind}: ${outcome.message}` };
  });
  const failed = results.filter((result) => result.error !== null).length;
  if (options.format === 'json') return { output: `${JSON.stringify({ results }, null, 2)}\n`, exitCode: failed > 0 ? 1 : 0 };
  const lines = results.flatMap((result) => [
    `# ${result.file}`,
    ...(result.error !== null
      ? [`error: ${result.error}`]
      : result.queries.map((query) => (typeof query === 'string' ? query : JSON.stringify(query)))),
    '',
  ]);
  lines.push(`${results.length} files, ${results.length - failed} converted, ${failed} with errors`);
  return { output: `${lines.join('\n')}\n`, exitCode: failed > 0 ? 1 : 0 };
}
