import { Router } from 'express';
import { workflowRoutes } from '@huntforge/contracts/api';
import { mountRoute } from '@huntforge/platform';
import { rankWithLlm, type RankWithLlmDeps } from '../rank/rank-with-llm';

/** POST /api/articles/{id}/rank-with-llm: the article's id and the request's lifetime to the ranking. */
export function rankRouter(ports: RankWithLlmDeps): Router {
  const router = Router();
  mountRoute(router, workflowRoutes.postArticlesRankWithLlm, async ({ params, res }) => {
    // A client that hangs up cancels the model call.
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    return rankWithLlm(ports, { ...params, signal: controller.signal });
  });
  return router;
}
