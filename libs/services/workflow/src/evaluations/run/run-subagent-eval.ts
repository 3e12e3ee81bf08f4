import { EXTRACTION_AGENTS } from '@huntforge/contracts/extraction';
import {
  EVAL_ERROR_CODES,
  EVAL_SUBAGENT_AGENTS,
  type RunSubagentEvalRequest,
  type RunSubagentEvalResponse,
} from '@huntforge/contracts/workflow';
import type { EvalSet } from '@huntforge/observables';
import { HttpError, type Logger } from '@huntforge/platform';
import { agentSettings, readSnapshot } from '../../pipeline/snapshot';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';

export interface RunSubagentEvalDeps {
  evaluations: Pick<EvaluationRepository, 'launch'>;
  evalSet(): EvalSet;
  articleIdsByUrl(urls: string[]): Promise<Map<string, number>>;
  activeConfig: { active(): Promise<{ version: number | null; snapshot: unknown }> };
  dispatchLater(executionId: number, delayMs: number): void;
  limits: { maxExecutionsPerLaunch: number; staggerSeconds: number };
  logger: Pick<Logger, 'info'>;
}

/**
 * One evaluation execution per article against the active config, marked eval_run with the target
 * subagent in its snapshot. Everything is checked before anything is written (422); the executions and
 * records are written in one transaction, then dispatched `staggerSeconds` apart when the agent calls a
 * model (a builtin agent costs nothing, so its runs go at once).
 */
export async function runSubagentEval(deps: RunSubagentEvalDeps, command: RunSubagentEvalRequest): Promise<RunSubagentEvalResponse> {
  const subagent = command.subagent_name;
  const set = deps.evalSet().bySubagent[subagent];
  const urls = command.article_urls ? [...new Set(command.article_urls.map((url) => url.trim()))] : set.map((article) => article.url);
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
    throw new HttpError(422, EVAL_ERROR_CODES.fixtureMissing, `no committed ${subagent} fixture for ${missing.join(', ')}`, {
      urls: missing,
      subagent,
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

  const active = await deps.activeConfig.active();
  const agent = EVAL_SUBAGENT_AGENTS[subagent];
  const activeSnapshot = readSnapshot(active.snapshot);
  const settings = agentSettings(activeSnapshot, agent);
  const snapshot = { ...(active.snapshot as Record<string, unknown>), eval_run: true, eval_subagent: subagent };
  const created = await deps.evaluations.launch({
    configSnapshot: snapshot,
    configVersion: active.version,
    provider: settings.provider,
    model: settings.provider === 'builtin' ? null : (settings.model ?? null),
    evaluations: set.flatMap((article) => {
      const articleId = ids.get(article.url);
      if (!urls.includes(article.url) || articleId === undefined) return [];
      return [
        {
          subagent,
          articleId,
          articleUrl: article.url,
          expectedCount: article.expectedCount,
          expectedItems: article.expected,
          ...(subagent === 'sigma' ? { snapshotExtras: { eval_platform: article.platform ?? 'unknown' } } : {}),
        },
      ];
    }),
  });
  // The Sigma evaluation also runs every extractor: any model among them is worth spacing out.
  const callsModels =
    subagent === 'sigma'
      ? [...EXTRACTION_AGENTS, agent].some((name) => agentSettings(activeSnapshot, name).provider !== 'builtin')
      : settings.provider !== 'builtin';
  const stagger = callsModels ? deps.limits.staggerSeconds : 0;
  created.forEach((row, index) => deps.dispatchLater(row.executionId, index * stagger * 1000));
  deps.logger.info(
    { subagent, executions: created.length, configVersion: active.version, staggerSeconds: stagger },
    'subagent evaluation launched',
  );
  return {
    subagent,
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
