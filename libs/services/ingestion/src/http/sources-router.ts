import { Router } from 'express';
import { INGESTION_ERROR_CODES, ingestionRoutes as routes } from '@huntforge/contracts';
import { HttpError, mountRoute, reply } from '@huntforge/platform';
import type { IngestionDeps } from '../deps';
import { notFound } from '../errors';
import { isProtectedSource } from '../repositories/source-repository';
import type { CollectionTracker } from '../use-cases/collect-source/collection-tracker';
import { ocrEnabledFor } from '../use-cases/ingest-article/page-content';
import { createSource, deleteSource, updateSource } from '../use-cases/sources/manage-sources';
import { runView, sourceView } from '../use-cases/sources/source-views';

const RECENT_RUNS = 10;
const codes = INGESTION_ERROR_CODES;

export function sourcesRouter(deps: IngestionDeps, tracker: CollectionTracker): Router {
  const router = Router();
  const ocrDefault = async () => ocrEnabledFor(deps, { imageOcrEnabled: null });
  const load = async (source_id: string) => {
    const source = await deps.sources.find(source_id);
    if (!source) throw notFound('source', source_id);
    return source;
  };

  mountRoute(router, routes.getSources, async () => {
    const [rows, ocr] = await Promise.all([deps.sources.list(), ocrDefault()]);
    return { sources: rows.map((row) => sourceView(row, ocr)), total: rows.length };
  });

  mountRoute(router, routes.getSource, async ({ params }) => {
    const source = await load(params.source_id);
    const [runs, ocr] = await Promise.all([deps.runs.recent(source.id, RECENT_RUNS), ocrDefault()]);
    return { ...sourceView(source, ocr), recent_runs: runs.map(runView) };
  });

  mountRoute(router, routes.postSources, async ({ body }) => {
    const { source, check } = await createSource(deps, body);
    return reply(201, { ...sourceView(source, await ocrDefault()), check });
  });

  mountRoute(router, routes.patchSource, async ({ params, body }) => {
    const { source, check } = await updateSource(deps, params.source_id, body);
    return { ...sourceView(source, await ocrDefault()), check };
  });

  mountRoute(router, routes.deleteSource, async ({ params }) => {
    await deleteSource(deps, params.source_id, async (sourceId) => (await tracker.runningRunOf(sourceId)) !== null);
    return reply(204);
  });

  mountRoute(router, routes.getSourcesRuns, async ({ params }) => {
    const source = await load(params.source_id);
    const run = await deps.runs.find(source.id, params.run_id);
    if (!run) throw notFound('collection run', params.run_id);
    return runView(run);
  });

  mountRoute(router, routes.postSourcesCollect, async ({ params }) => {
    const source = await load(params.source_id);
    if (isProtectedSource(source.identifier)) {
      throw new HttpError(400, codes.sourceNotCollectable, `the ${source.identifier} source has no feed and is never collected`);
    }
    const started = await tracker.start(source, 'manual');
    if (!started) {
      const running = await tracker.runningRunOf(source.id);
      throw new HttpError(409, codes.collectionInProgress, `source ${source.identifier} is already being collected`, {
        run_id: running?.id ?? null,
      });
    }
    // The run goes on in the background; its failures are recorded on the run and the source.
    started.done.catch((error: unknown) => deps.ctx.logger.error({ err: error, run: started.run.id }, 'collection run crashed'));
    return {
      run_id: started.run.id,
      source_id: source.id,
      status: 'running' as const,
      run_url: `/api/sources/${source.id}/runs/${started.run.id}`,
    };
  });

  mountRoute(router, routes.putSourcesImageOcr, async ({ params, body }) => {
    const source = await load(params.source_id);
    if (isProtectedSource(source.identifier)) {
      throw new HttpError(400, codes.protectedSource, `the ${source.identifier} source is protected; its OCR flag cannot be changed`);
    }
    await deps.sources.setImageOcr(source.id, body.image_ocr_enabled);
    const updated = await deps.sources.find(source.id);
    return sourceView(updated ?? source, await ocrDefault());
  });

  return router;
}
