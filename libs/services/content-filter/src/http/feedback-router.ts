import { Router } from 'express';
import { contentFilterRoutes as routes } from '@huntforge/contracts';
import { mountRoute } from '@huntforge/platform';
import type { ContentFilterDeps } from '../deps';
import { articleFeedback, chunkFeedback, submitFeedback } from '../feedback/feedback';

export function feedbackRouter(deps: ContentFilterDeps): Router {
  const router = Router();
  mountRoute(router, routes.postFeedbackChunkClassification, async ({ body }) => submitFeedback(deps, body));
  mountRoute(router, routes.getFeedbackChunkClassification, async ({ params }) => articleFeedback(deps, params.article_id));
  mountRoute(router, routes.getFeedbackChunkClassificationChunk, async ({ params }) =>
    chunkFeedback(deps, params.article_id, params.chunk_id),
  );
  return router;
}
