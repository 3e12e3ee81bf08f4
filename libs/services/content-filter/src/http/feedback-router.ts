import { Router } from 'express';
import { chunkFeedbackParamsSchema, contentFilterArticleParamsSchema, createChunkFeedbackRequestSchema } from '@huntforge/contracts';
import { parseOrThrow } from '@huntforge/platform';
import type { ContentFilterDeps } from '../deps';
import { articleFeedback, chunkFeedback, submitFeedback } from '../feedback/feedback';

const BASE = '/api/feedback/chunk-classification';

export function feedbackRouter(deps: ContentFilterDeps): Router {
  const router = Router();
  router.post(BASE, async (req, res) => {
    const body = parseOrThrow(createChunkFeedbackRequestSchema, req.body, 'body');
    res.status(201).json(await submitFeedback(deps, body));
  });
  router.get(`${BASE}/:article_id`, async (req, res) => {
    const { article_id } = parseOrThrow(contentFilterArticleParamsSchema, req.params, 'params');
    res.json(await articleFeedback(deps, article_id));
  });
  router.get(`${BASE}/:article_id/:chunk_id`, async (req, res) => {
    const { article_id, chunk_id } = parseOrThrow(chunkFeedbackParamsSchema, req.params, 'params');
    res.json(await chunkFeedback(deps, article_id, chunk_id));
  });
  return router;
}
