import { Router } from 'express';
import {
  INGESTION_ERROR_CODES,
  sourceIdParamsSchema,
  sourceRunParamsSchema,
  updateImageOcrRequestSchema,
  type CollectResponse,
} from '@huntforge/contracts';
import { HttpError, parseOrThrow } from '@huntforge/platform';
import type { IngestionDeps } from '../deps';
import { notFound } from '../errors';
import { isProtectedSource } from '../repositories/source-repository';
import type { CollectionTracker } from '../use-cases/collect-source/collection-tracker';
import { ocrEnabledFor } from '../use-cases/ingest-article/page-content';
import { runView, sourceView } from '../use-cases/sources/source-views';

const RECENT_RUNS = 10;
const codes = INGESTION_ERROR_CODES;

export function sourcesRouter(deps: IngestionDeps, tracker: CollectionTracker): Router {
  const router = Router();
  const ocrDefault = async () => ocrEnabledFor(deps, { imageOcrEnabled: null });
  const load = async (raw: unknown) => {
    const { source_id } = parseOrThrow(sourceIdParamsSchema, raw, 'params');
    const source = await deps.sources.find(source_id);
    if (!source) throw notFound('source', source_id);
    return source;
  };

  router.get('/api/sources', async (_req, res) => {
    const [rows, ocr] = await Promise.all([deps.sources.list(), ocrDefault()]);
    res.json({ sources: rows.map((row) => sourceView(row, ocr)), total: rows.length });
  });

  router.get('/api/sources/:source_id', async (req, res) => {
    const source = await load(req.params);
    const [runs, ocr] = await Promise.all([deps.runs.recent(source.id, RECENT_RUNS), ocrDefault()]);
    res.json({ ...sourceView(source, ocr), recent_runs: runs.map(runView) });
  });

  router.get('/api/sources/:source_id/runs/:run_id', async (req, res) => {
    const { run_id } = parseOrThrow(sourceRunParamsSchema, req.params, 'params');
    const source = await load(req.params);
    const run = await deps.runs.find(source.id, run_id);
    if (!run) throw notFound('collection run', run_id);
    res.json(runView(run));
  });

  router.post('/api/sources/:source_id/collect', async (req, res) => {
    const source = await load(req.params);
    if (isProtectedSource(source.identifier)) {
      throw new HttpError(400, codes.sourceNotCollectable, `the ${source.identifier} source has no feed and is never collected`);
    }
    const started = await tracker.start(source, 'manual');
    if (!started) {
      const running = await tracker.runningRunOf(source.id);
      throw new HttpError(409, codes.collectionInProgress, `source ${source.identifier} is already being collected`, { run_id: running?.id ?? null });
    }
    // The run goes on in the background; its failures are recorded on the run and the source.
    started.done.catch((error: unknown) => deps.ctx.logger.error({ err: error, run: started.run.id }, 'collection run crashed'));
    const body: CollectResponse = { run_id: started.run.id, source_id: source.id, status: 'running', run_url: `/api/sources/${source.id}/runs/${started.run.id}` };
    res.status(202).json(body);
  });

  router.put('/api/sources/:source_id/image_ocr', async (req, res) => {
    const source = await load(req.params);
    if (isProtectedSource(source.identifier)) {
      throw new HttpError(400, codes.protectedSource, `the ${source.identifier} source is protected; its OCR flag cannot be changed`);
    }
    const body = parseOrThrow(updateImageOcrRequestSchema, req.body, 'body');
    await deps.sources.setImageOcr(source.id, body.image_ocr_enabled);
    const updated = await deps.sources.find(source.id);
    res.json(sourceView(updated ?? source, await ocrDefault()));
  });

  return router;
}
