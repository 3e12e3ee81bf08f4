import { Router, type Request } from 'express';
import { contentFilterRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute, reply } from '@huntforge/platform';
import type { ContentFilterPorts } from '../ports';
import type { RetrainCoordinator } from '../retrain/retrain-coordinator';
import { retrainStatus } from '../retrain/retrain-status';
import { classificationTimeline } from '../versions/classification-timeline/classification-timeline';
import { compareWithPredecessor } from '../versions/compare/compare-with-predecessor';
import { evalChunkCount } from '../versions/eval-chunk-count/eval-chunk-count';
import { evaluateCurrent } from '../versions/evaluate/evaluate-current';
import { feedbackComparison } from '../versions/feedback-comparison/feedback-comparison';
import { feedbackCount } from '../versions/feedback-count/feedback-count';
import { listVersions } from '../versions/list/list-versions';
import { performanceSummary } from '../versions/performance-summary/performance-summary';
import { rollback } from '../versions/rollback/rollback';

const STATUS_URL = '/api/model/retrain-status';

/** Who asked, when the gateway forwarded an authenticated principal (for the run record only). */
function requesterOf(req: Request): string | null {
  const header = req.headers['x-huntforge-actor'];
  return typeof header === 'string' && header.length > 0 ? header.slice(0, 200) : null;
}

/** /api/model/* and /api/ml-model-performance/summary. */
export function modelRouter(deps: ContentFilterPorts, retrains: RetrainCoordinator): Router {
  const router = Router();
  mountRoute(router, routes.getModelRetrainStatus, () => retrainStatus(deps));
  mountRoute(router, routes.postModelRetrain, async ({ query, req }) => {
    const started = await retrains.start({ requestedBy: requesterOf(req) });
    if (query.wait) return started.done;
    return reply(
      202,
      { success: true, message: 'Retrain started; poll the status URL', run_id: started.runId, status_url: STATUS_URL },
      { Location: STATUS_URL },
    );
  });
  mountRoute(router, routes.getModelVersions, async ({ query }) => listVersions(deps, query));
  mountRoute(router, routes.postModelEvaluate, async () => evaluateCurrent(deps));
  mountRoute(router, routes.getModelEvalChunkCount, async () => evalChunkCount(deps));
  mountRoute(router, routes.getModelFeedbackCount, async () => feedbackCount(deps));
  mountRoute(router, routes.postModelRollback, ({ params }) => rollback(deps, { version: params.version_id }));
  mountRoute(router, routes.getModelCompare, ({ params }) => compareWithPredecessor(deps, { version: params.version_id }));
  mountRoute(router, routes.getModelFeedbackComparison, async () => feedbackComparison(deps));
  mountRoute(router, routes.getModelClassificationTimeline, async () => classificationTimeline(deps));
  mountRoute(router, routes.getMlModelPerformanceSummary, async () => performanceSummary(deps));
  return router;
}
