import { Router } from 'express';
import { evaluationRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute, reply } from '@huntforge/platform';
import type { EvaluationPorts } from '../evaluations-ports';
import { aggregateReport } from '../evaluations/aggregate/aggregate-report';
import { backfillRecords } from '../evaluations/backfill/backfill-records';
import { clearPendingEvaluations } from '../evaluations/clear-pending/clear-pending-evaluations';
import { compareVersions } from '../evaluations/compare/compare-versions';
import { configVersionsModels } from '../evaluations/config-versions-models/config-versions-models';
import { getEvalRecord } from '../evaluations/get-record/get-eval-record';
import { observablesCountResults } from '../evaluations/legacy-observables-count/observables-count-results';
import { osDetectionResults } from '../evaluations/legacy-os-detection/os-detection-results';
import { listEvalArticles } from '../evaluations/list-articles/list-eval-articles';
import { listEvalModels } from '../evaluations/list-models/list-eval-models';
import { listEvalResults } from '../evaluations/list-results/list-eval-results';
import { rescoreRecords } from '../evaluations/rescore/rescore-records';
import { runSubagentEval } from '../evaluations/run/run-subagent-eval';

/** /api/evaluations/* and the legacy /api/eval/* routes: each route's request to its use case's command. */
export function evaluationsRouter(ports: EvaluationPorts): Router {
  const router = Router();

  mountRoute(router, routes.getSubagentEvalArticles, ({ query }) => listEvalArticles(ports, query));

  mountRoute(router, routes.postRunSubagentEval, async ({ body }) => reply(202, await runSubagentEval(ports, body)));

  mountRoute(router, routes.getSubagentEvalResults, ({ query }) => listEvalResults(ports, query));

  mountRoute(router, routes.getSubagentEvalStatus, ({ params }) => getEvalRecord(ports, params));

  mountRoute(router, routes.deleteSubagentEvalClearPending, ({ query }) => clearPendingEvaluations(ports, query));

  mountRoute(router, routes.postSubagentEvalBackfill, ({ query }) => backfillRecords(ports, query));

  mountRoute(router, routes.postSubagentEvalRescore, ({ query }) => rescoreRecords(ports, query));

  mountRoute(router, routes.getSubagentEvalAggregate, ({ query }) => aggregateReport(ports, query));

  mountRoute(router, routes.getSubagentEvalModels, ({ query }) => listEvalModels(ports, query));

  mountRoute(router, routes.getConfigVersionsModels, () => configVersionsModels(ports));

  mountRoute(router, routes.getSubagentEvalCompare, ({ query }) => compareVersions(ports, query));

  mountRoute(router, routes.getLegacyOsDetectionResults, () => osDetectionResults(ports));

  mountRoute(router, routes.getLegacyObservablesCountResults, ({ query }) => observablesCountResults(ports, query));

  return router;
}
