import { Router } from 'express';
import { chunkDebugQuerySchema, contentFilterArticleParamsSchema, detectOsBodySchema, type DetectOsResponse } from '@huntforge/contracts';
import { HttpError, parseOrThrow } from '@huntforge/platform';
import { defaultThreshold } from '../classification/threshold';
import { chunkDebugProgress, runChunkDebug } from '../chunk-debug/chunk-debug';
import type { ContentFilterDeps } from '../deps';
import { detectOs } from '../detect-os/detect-os';

const STATUS_OF_ERROR: Record<string, number> = { article_not_found: 404, no_huntable_content: 422, model_unavailable: 503 };

/** A use case's `{error}` answer as the HTTP error it stands for. */
export function throwReplyError(response: DetectOsResponse | object): void {
  if ('error' in response) {
    const { code, message } = (response as { error: { code: string; message: string } }).error;
    throw new HttpError(STATUS_OF_ERROR[code] ?? 400, code, message);
  }
}

/** /api/articles/{id}/chunk-debug(/progress) and /api/articles/{id}/detect-os. */
export function articlesRouter(deps: ContentFilterDeps): Router {
  const router = Router();
  router.get('/api/articles/:article_id/chunk-debug', async (req, res) => {
    const { article_id } = parseOrThrow(contentFilterArticleParamsSchema, req.params, 'params');
    const query = parseOrThrow(chunkDebugQuerySchema, req.query, 'query');
    res.json(await runChunkDebug(deps, article_id, query.threshold ?? (await defaultThreshold(deps.settings))));
  });
  router.get('/api/articles/:article_id/chunk-debug/progress', async (req, res) => {
    const { article_id } = parseOrThrow(contentFilterArticleParamsSchema, req.params, 'params');
    res.json(await chunkDebugProgress(deps, article_id));
  });
  router.post('/api/articles/:article_id/detect-os', async (req, res) => {
    const { article_id } = parseOrThrow(contentFilterArticleParamsSchema, req.params, 'params');
    const body = parseOrThrow(detectOsBodySchema, req.body ?? {}, 'body');
    const result = await detectOs(deps, { article_id, threshold: body.threshold });
    throwReplyError(result);
    res.json(result);
  });
  return router;
}
