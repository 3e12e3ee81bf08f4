import { AGENT_OUTPUT_SCHEMAS } from '@huntforge/contracts/extraction';
import {
  EVAL_SUBAGENT_AGENTS,
  isExtractorSubagent,
  toEvalSubagent,
  type ExtractorSubagent,
  type LegacyObservablesQuery,
  type SavedEvalResult,
} from '@huntforge/contracts/workflow';
import { countVerdict, roundFigure } from '@huntforge/observables';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';

/** The spec's baseline targets and improvement goals, returned with the figures they are read against. */
const EVAL_TARGETS = {
  baseline: { json_validity_rate: 0.95, field_completeness_rate: 0.95, count_accuracy: 0.8, type_error_rate: 0.05 },
  improvement: { json_validity_rate: 1, field_completeness_rate: 1, count_accuracy: 0.9, type_error_rate: 0 },
};

const rate = (part: number, whole: number) => (whole === 0 ? 0 : roundFigure(part / whole));

export interface ObservablesCountResultsDeps {
  evaluations: Pick<EvaluationRepository, 'list'>;
}

/**
 * The saved-result shape over the latest completed record per article and subagent. JSON validity: the
 * retained output parses against the agent's schema; field completeness: `items` and `count` present;
 * count accuracy: the share of records whose count equals the expected count.
 */
export async function observablesCountResults(
  deps: ObservablesCountResultsDeps,
  command: LegacyObservablesQuery,
): Promise<SavedEvalResult> {
  const listed = await deps.evaluations.list({
    subagent: command.subagent,
    configVersion: command.config_version,
    status: 'completed',
    take: 5_000,
  });
  // Observable counts: the extractors' records (the Sigma generator's are scored by atoms, on the evaluation pages).
  const rows = listed.rows.filter((row) => {
    const subagent = toEvalSubagent(row.subagent);
    return subagent !== null && isExtractorSubagent(subagent);
  });
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.subagent}|${row.articleUrl ?? row.articleId}`;
    if (!latest.has(key)) latest.set(key, row); // rows are newest first
  }
  const chosen = [...latest.values()];
  const results = chosen.map((row) => {
    const agent = EVAL_SUBAGENT_AGENTS[toEvalSubagent(row.subagent) as ExtractorSubagent];
    const output = row.output as Record<string, unknown> | null;
    const jsonValid = output !== null && AGENT_OUTPUT_SCHEMAS[agent].safeParse(output).success;
    const complete = output !== null && Array.isArray(output['items']) && typeof output['count'] === 'number';
    const discrete = row.actualCount ?? 0;
    return {
      article_id: row.articleId,
      title: row.article?.title ?? null,
      extraction_result: output,
      evaluation: {
        json_valid: jsonValid,
        has_required_fields: complete,
        discrete_count: discrete,
        count_match: row.expectedCount === null ? null : countVerdict(discrete, row.expectedCount),
      },
    };
  });
  const valid = results.filter((r) => r.evaluation.json_valid).length;
  const withTruth = results.filter((r) => r.evaluation.count_match !== null);
  const diffs = chosen
    .filter((row) => row.expectedCount !== null)
    .map((row) => Math.abs((row.actualCount ?? 0) - (row.expectedCount as number)));
  const models = [...new Set(chosen.map((row) => row.model ?? 'builtin'))];
  const totalDiscrete = results.reduce((sum, r) => sum + r.evaluation.discrete_count, 0);
  return {
    model_name: models.length === 0 ? 'none' : models.join(', '),
    timestamp: new Date().toISOString(),
    metrics: {
      total_articles: results.length,
      valid_results: valid,
      errors: results.length - valid,
      error_rate: rate(results.length - valid, results.length),
      json_validity_rate: rate(valid, results.length),
      field_completeness_rate: rate(results.filter((r) => r.evaluation.has_required_fields).length, results.length),
      avg_discrete_count: results.length === 0 ? 0 : Math.round((totalDiscrete / results.length) * 100) / 100,
      total_discrete: totalDiscrete,
      count_accuracy: rate(withTruth.filter((r) => r.evaluation.count_match === 'pass').length, withTruth.length),
      avg_count_diff: diffs.length === 0 ? 0 : Math.round((diffs.reduce((s, d) => s + d, 0) / diffs.length) * 100) / 100,
    },
    results,
    targets: EVAL_TARGETS,
  };
}
