import { Router, type Request } from 'express';
import { modelVersionParamsSchema, modelVersionsQuerySchema, retrainQuerySchema } from '@huntforge/contracts';
import { parseOrThrow } from '@huntforge/platform';
import type { ContentFilterDeps } from '../deps';
import type { RetrainCoordinator } from '../retrain/retrain-coordinator';
import { compareWithPredecessor, evalChunkCount, evaluateCurrent } from '../versions/evaluation';
import { classificationTimeline, feedbackComparison, feedbackCount, performanceSummary } from '../versions/insights';
import { listVersions } from '../versions/list-versions';
import { rollback } from '../versions/rollback';
import { retrainStatusView } from '../views';

const STATUS_URL = '/api/model/retrain-status';

/** Who asked, when the gateway forwarded an authenticated principal (for the run record only). */
function requesterOf(req: Request): string | null {
  const header = req.headers['x-huntforge-actor'];
  return typeof header === 'string' && header.length > 0 ? header.slice(0, 200) : null;
}

/** /api/model/* and /api/ml-model-performance/summary. */
export function modelRouter(deps: ContentFilterDeps, retrains: RetrainCoordinator): Router {
  const router = Router();
  router.get('/api/model/retrain-status', async (_req, res) => {
    res.json(retrainStatusView(await deps.runs.latest()));
  });
  router.post('/api/model/retrain', async (req, res) => {
    const { wait } = parseOrThrow(retrainQuerySchema, req.query, 'query');
    const started = await retrains.start(requesterOf(req));
    if (wait) {
      res.json(await started.done);
      return;
    }
    res.status(202).location(STATUS_URL).json({
      success: true,
      message: 'Retrain started; poll the status URL',
      run_id: started.runId,
      status_url: STATUS_URL,
    });
  });
  router.get('/api/model/versions', async (req, res) => {
    res.json(await listVersions(deps, parseOrThrow(modelVersionsQuerySchema, req.query, 'query')));
  });
  router.post('/api/model/evaluate', async (_req, res) => {
    res.json(await evaluateCurrent(deps));
  });
  router.get('/api/model/eval-chunk-count', async (_req, res) => {
    res.json(await evalChunkCount(deps));
  });
  router.get('/api/model/feedback-count', async (_req, res) => {
    res.json(await feedbackCount(deps));
  });
  router.post('/api/model/rollback/:version_id', async (req, res) => {
    const { version_id } = parseOrThrow(modelVersionParamsSchema, req.params, 'params');
    res.json(await rollback(deps, version_id));
  });
  router.get('/api/model/compare/:version_id', async (req, res) => {
    const { version_id } = parseOrThrow(modelVersionParamsSchema, req.params, 'params');
    res.json(await compareWithPredecessor(deps, version_id));
  });
  router.get('/api/model/feedback-comparison', async (_req, res) => {
    res.json(await feedbackComparison(deps));
  });
  router.get('/api/model/classification-timeline', async (_req, res) => {
    res.json(await classificationTimeline(deps));
  });
  router.get('/api/ml-model-performance/summary', async (_req, res) => {
    res.json(await performanceSummary(deps));
  });
  return router;
}
