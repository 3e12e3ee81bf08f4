import { Router } from 'express';
import { ingestionRoutes as routes } from '@huntforge/contracts';
import { actorOf, mountRoute } from '@huntforge/platform';
import type { IngestionDeps } from '../deps';
import { notFound } from '../errors';
import { annotationView, createAnnotation } from '../use-cases/annotations/create-annotation';
import { articleDetail } from '../use-cases/article-views';
import { articleDailyCounts } from '../use-cases/daily-counts/article-daily-counts';
import { listArticles } from '../use-cases/list-articles/list-articles';
import { similarArticles } from '../use-cases/search/semantic-search';

export function articlesRouter(deps: IngestionDeps): Router {
  const router = Router();

  mountRoute(router, routes.getArticles, ({ query }) => listArticles(deps, query));

  // Before /api/articles/:article_id, which would otherwise take `daily-counts` for an id.
  mountRoute(router, routes.getArticlesDailyCounts, ({ query }) =>
    articleDailyCounts({ counts: deps.dailyCounts, now: deps.now }, query.days),
  );

  mountRoute(router, routes.getArticle, async ({ params: { article_id } }) => {
    const row = await deps.queries.detail(article_id);
    if (!row) throw notFound('article', article_id);
    return articleDetail(row);
  });

  mountRoute(router, routes.getArticlesSimilar, async ({ params, query }) => similarArticles(deps, params.article_id, query.limit));

  mountRoute(router, routes.deleteArticle, async ({ params: { article_id } }) => {
    const counts = await deps.queries.deleteWithReport(article_id);
    if (!counts) throw notFound('article', article_id);
    deps.ctx.logger.info({ articleId: article_id, ...counts }, 'article deleted');
    return {
      deleted: true as const,
      article_id,
      removed: {
        annotations: counts.annotations,
        chunk_feedback: counts.chunkFeedback,
        chunk_analyses: counts.chunkAnalyses,
        chunk_debug_progress: counts.chunkDebugProgress,
        workflow_executions: counts.workflowExecutions,
      },
      unlinked: {
        sigma_queue_items: counts.sigmaQueueItems,
        evaluation_records: counts.evaluationRecords,
        near_duplicates: counts.nearDuplicates,
      },
    };
  });

  mountRoute(router, routes.getArticlesAnnotations, async ({ params: { article_id } }) => {
    if (!(await deps.queries.exists(article_id))) throw notFound('article', article_id);
    return { article_id, annotations: (await deps.annotations.listFor(article_id)).map(annotationView) };
  });

  mountRoute(router, routes.postArticlesAnnotations, async ({ params, body, req }) =>
    createAnnotation(deps, params.article_id, body, actorOf(req)),
  );

  return router;
}
