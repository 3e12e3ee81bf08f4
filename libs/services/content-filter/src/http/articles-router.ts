import { Router } from 'express';
import { contentFilterRoutes as routes } from '@huntforge/contracts/api';
import { isBusReplyError, type BusReplyError } from '@huntforge/contracts/messages';
import { HttpError, mountRoute } from '@huntforge/platform';
import { chunkDebugProgress } from '../chunk-debug/progress/chunk-debug-progress';
import { runChunkDebug } from '../chunk-debug/run/run-chunk-debug';
import { detectOs } from '../detect-os/detect-os';
import type { ContentFilterPorts } from '../ports';

const STATUS_OF_ERROR: Record<string, number> = { article_not_found: 404, no_huntable_content: 422, model_unavailable: 503 };

/** A use case's answer, or the HTTP error its refusal stands for. */
export function unwrapReply<T>(response: T | BusReplyError): T {
  if (isBusReplyError(response)) {
    const { code, message } = response.error;
    throw new HttpError(STATUS_OF_ERROR[code] ?? 400, code, message);
  }
  return response;
}

/** /api/articles/{id}/chunk-debug(/progress) and /api/articles/{id}/detect-os. */
export function articlesRouter(deps: ContentFilterPorts): Router {
  const router = Router();
  mountRoute(router, routes.getArticlesChunkDebug, ({ params, query }) =>
    runChunkDebug(deps, { articleId: params.article_id, threshold: query.threshold }),
  );
  mountRoute(router, routes.getArticlesChunkDebugProgress, ({ params }) => chunkDebugProgress(deps, { articleId: params.article_id }));
  mountRoute(router, routes.postArticlesDetectOs, async ({ params, body }) =>
    unwrapReply(await detectOs(deps, { article_id: params.article_id, threshold: body.threshold })),
  );
  return router;
}
