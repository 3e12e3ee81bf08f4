import { EXTRACTION_AGENTS } from '@huntforge/contracts/extraction';
import { EVAL_ERROR_CODES, EVAL_SUBAGENT_AGENTS, type EvalSubagent } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import { agentSettings, readSnapshot } from '../pipeline/snapshot';
import type { EvaluationDeps } from './evaluation-deps';

export interface RunSubagentEvalInput {
  subagent: EvalSubagent;
  articleUrls?: string[];
}

/**
 * One evaluation execution per article against the active config, marked eval_run with the target
 * subagent in its snapshot. Everything is checked before anything is written (422); the executions and
 * records are written in one transaction, then dispatched `staggerSeconds` apart when the agent calls a
 * model (a builtin agent costs nothing, so its runs go at once).
 */
export async function runSubagentEval(deps: EvaluationDeps, input: RunSubagentEvalInput) {
  const set = deps.evalSet().bySubagent[input.subagent];
  const urls = input.articleUrls ? [...new Set(input.articleUrls.map((url) => url.trim()))] : set.map((article) => article.url);
  if (urls.length > deps.limits.maxExecutionsPerLaunch) {
    throw new HttpError(
      422,
      EVAL_ERROR_CODES.runTooLarge,
      `${urls.length} executions requested; MAX_EVAL_EXECUTIONS_PER_LAUNCH is ${deps.limits.maxExecutionsPerLaunch}`,
      { requested: urls.length, max: deps.limits.maxExecutionsPerLaunch },
    );
  }
  const missing = urls.filter((url) => !set.some((article) => article.url === url));
  if (missing.length > 0) {
    throw new HttpError(422, EVAL_ERROR_CODES.fixtureMissing, `no committed ${input.subagent} fixture for ${missing.join(', ')}`, {
      urls: missing,
      subagent: input.subagent,
    });
  }
  const ids = await deps.articleIdsByUrl(urls);
  const unseeded = urls.filter((url) => !ids.has(url));
  if (unseeded.length > 0) {
    throw new HttpError(
      422,
      EVAL_ERROR_CODES.articleNotSeeded,
      `eval articles not seeded yet (the ingestion service seeds them at start): ${unseeded.join(', ')}`,
      { urls: unseeded },
    );
  }

  const active = await deps.config.active();
  const agent = EVAL_SUBAGENT_AGENTS[input.subagent];
  const activeSnapshot = readSnapshot(active.snapshot);
  const settings = agentSettings(activeSnapshot, agent);
  const snapshot = { ...(active.snapshot as Record<string, unknown>), eval_run: true, eval_subagent: input.subagent };
  const created = await deps.repo.launch({
    configSnapshot: snapshot,
    configVersion: active.version,
    provider: settings.provider,
    model: settings.provider === 'builtin' ? null : (settings.model ?? null),
    evaluations: set.flatMap((article) => {
      const articleId = ids.get(article.url);
      if (!urls.includes(article.url) || articleId === undefined) return [];
      return [
        {
          subagent: input.subagent,
          articleId,
          articleUrl: article.url,
          expectedCount: article.expectedCount,
          expectedItems: article.expected,
          ...(input.subagent === 'sigma' ? { snapshotExtras: { eval_platform: article.platform ?? 'unknown' } } : {}),
        },
      ];
    }),
  });
  // The Sigma evaluation also runs every extractor: any model among them is worth spacing out.
  const callsModels =
    input.subagent === 'sigma'
      ? [...EXTRACTION_AGENTS, agent].some((name) => agentSettings(activeSnapshot, name).provider !== 'builtin')
      : settings.provider !== 'builtin';
  const stagger = callsModels ? deps.limits.staggerSeconds : 0;
  created.forEach((row, index) => deps.dispatchLater(row.executionId, index * stagger * 1000));
  deps.logger.info(
    { subagent: input.subagent, executions: created.length, configVersion: active.version, staggerSeconds: stagger },
    'subagent evaluation launched',
  );
  return {
    subagent: input.subagent,
    agent,
    config_version: active.version,
    provider: settings.provider,
    model: settings.provider === 'builtin' ? null : (settings.model ?? null),
    stagger_seconds: stagger,
    total: created.length,
    records: created.map((row) => ({
      id: row.recordId,
      article_url: row.articleUrl,
      article_id: row.articleId,
      execution_id: row.executionId,
      status: 'pending',
    })),
  };
}
