import { Router } from 'express';
import { evaluationRoutes as routes } from '@huntforge/contracts/api';
import { EVAL_ERROR_CODES, EVAL_SUBAGENT_AGENTS, toEvalSubagent, type EvalSubagent } from '@huntforge/contracts/workflow';
import { HttpError, mountRoute, reply } from '@huntforge/platform';
import type { WorkflowConfigRepository } from '../repositories/config-repository';
import type { PromptRepository } from '../repositories/prompt-repository';
import type { EvaluationDeps } from '../evaluations/evaluation-deps';
import { runSubagentEval } from '../evaluations/run-subagent-eval';
import { clearPendingEvaluations } from '../evaluations/clear-pending';
import { backfillRecords } from '../evaluations/settle-evaluations';
import { rescoreRecords } from '../evaluations/rescore-records';
import { toRecordView } from '../evaluations/evaluation-view';
import { aggregateReport, compareVersions, configVersionsModels } from '../evaluations/evaluation-reports';
import { observablesCountResults, osDetectionResults } from '../evaluations/legacy-reports';

/** /api/evaluations/* and the legacy /api/eval/* routes. */
export function evaluationsRouter(deps: EvaluationDeps, repos: { prompts: PromptRepository; configs: WorkflowConfigRepository }): Router {
  const router = Router();

  mountRoute(router, routes.getSubagentEvalArticles, async ({ query }) => {
    const articles = deps.evalSet().bySubagent[query.subagent];
    const ids = await deps.articleIdsByUrl(articles.map((article) => article.url));
    return {
      subagent: query.subagent,
      agent: EVAL_SUBAGENT_AGENTS[query.subagent],
      total: articles.length,
      articles: articles.map((article) => ({
        url: article.url,
        title: article.title,
        fixture: article.fixture,
        article_id: ids.get(article.url) ?? null,
        expected_count: article.expectedCount,
        expected_items: article.expected.required,
        optional_items: article.expected.optional,
      })),
    };
  });

  mountRoute(router, routes.postRunSubagentEval, async ({ body }) =>
    reply(202, await runSubagentEval(deps, { subagent: body.subagent_name, articleUrls: body.article_urls })),
  );

  mountRoute(router, routes.getSubagentEvalResults, async ({ query }) => {
    const { rows, total } = await deps.repo.list({
      subagent: query.subagent,
      configVersion: query.config_version,
      model: query.model,
      status: query.status === 'all' ? undefined : query.status,
      take: query.limit,
    });
    return { results: rows.map(toRecordView), total };
  });

  mountRoute(router, routes.getSubagentEvalStatus, async ({ params }) => {
    const row = await deps.repo.find(params.eval_record_id);
    if (!row) throw new HttpError(404, EVAL_ERROR_CODES.recordNotFound, `evaluation record ${params.eval_record_id} not found`);
    return toRecordView(row);
  });

  mountRoute(router, routes.deleteSubagentEvalClearPending, ({ query }) => clearPendingEvaluations(deps, query.subagent));
  mountRoute(router, routes.postSubagentEvalBackfill, ({ query }) => backfillRecords(deps.repo, query.subagent));
  mountRoute(router, routes.postSubagentEvalRescore, ({ query }) =>
    rescoreRecords(
      deps.repo,
      deps.evalSet(),
      query.subagent === 'all' ? 'all' : (toEvalSubagent(query.subagent) as EvalSubagent),
      query.apply,
    ),
  );
  mountRoute(router, routes.getSubagentEvalAggregate, ({ query }) =>
    aggregateReport(deps.repo, query.subagent, deps.evalSet().bySubagent[query.subagent].length, query.model),
  );
  mountRoute(router, routes.getSubagentEvalModels, async ({ query }) => ({
    subagent: query.subagent,
    models: await deps.repo.models(query.subagent),
  }));
  mountRoute(router, routes.getConfigVersionsModels, () => configVersionsModels(deps.repo));
  mountRoute(router, routes.getSubagentEvalCompare, ({ query }) =>
    compareVersions({ evaluations: deps.repo, ...repos }, query.subagent, query.version_a, query.version_b),
  );
  mountRoute(router, routes.getLegacyOsDetectionResults, () => osDetectionResults(deps.repo, deps.evalSet(), deps.articleIdsByUrl));
  mountRoute(router, routes.getLegacyObservablesCountResults, ({ query }) =>
    observablesCountResults(deps.repo, { subagent: query.subagent, configVersion: query.config_version }),
  );
  return router;
}
