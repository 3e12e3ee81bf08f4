import { Router } from 'express';
import { contentFilterRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute } from '@huntforge/platform';
import { articleFeedback } from '../feedback/article/article-feedback';
import { chunkFeedback } from '../feedback/chunk/chunk-feedback';
import { submitFeedback } from '../feedback/submit/submit-feedback';
import type { ContentFilterPorts } from '../ports';

export function feedbackRouter(deps: ContentFilterPorts): Router {
  const router = Router();
  mountRoute(router, routes.postFeedbackChunkClassification, ({ body }) => submitFeedback(deps, body));
  mountRoute(router, routes.getFeedbackChunkClassification, ({ params }) => articleFeedback(deps, { articleId: params.article_id }));
  mountRoute(router, routes.getFeedbackChunkClassificationChunk, ({ params }) =>
    chunkFeedback(deps, { articleId: params.article_id, chunkId: params.chunk_id }),
  );
  return router;
}
