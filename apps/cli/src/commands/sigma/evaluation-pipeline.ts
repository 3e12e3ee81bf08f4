import { existsSync, readFileSync, statSync } from 'node:fs';
import { pipelineRuleTransform, resolvePipelines, SigmaError } from '@huntforge/sigma';
import { keyValues } from './convert-command';
import type { RuleTransform } from './load-rules';

/**
 * `--pipeline NAME|FILE` (repeatable, with `--pipeline-arg KEY=VALUE`) for `sigma test` and `sigma hunt`:
 * the pipelines, ordered by priority as `sigma convert` orders them, applied to every rule before it is
 * compiled. None given: no transform. An unknown name or a bad pipeline file is an error naming it.
 */
export function evaluationPipeline(values: readonly string[] = [], args: readonly string[] = []): RuleTransform | undefined {
  if (values.length === 0) return undefined;
  const named = keyValues(args, '--pipeline-arg');
  let transform: ReturnType<typeof pipelineRuleTransform>;
  try {
    transform = pipelineRuleTransform(
      resolvePipelines(
        values.map((value) =>
          existsSync(value) && statSync(value).isFile()
            ? { yaml: readFileSync(value, 'utf8'), source: value }
            : { name: value, args: named },
        ),
      ),
    );
  } catch (error) {
    if (error instanceof SigmaError) throw new Error(`--pipeline: ${error.message}`);
    throw error;
  }
  return (docs) => docs.map(transform);
}
