import { Router } from 'express';
import { ingestionRoutes as routes, totalPages, pageOffset } from '@huntforge/contracts';
import { actorOf, mountRoute } from '@huntforge/platform';
import type { IngestionDeps } from '../deps';
import { notFound } from '../errors';
import { DailyCountRepository } from '../repositories/daily-count-repository';
import { annotationView, createAnnotation } from '../use-cases/annotations/create-annotation';
import { articleDetail, articleSummary } from '../use-cases/article-views';
import { articleDailyCounts } from '../use-cases/daily-counts/article-daily-counts';
import { similarArticles } from '../use-cases/search/semantic-search';

/** Date-only bounds cover the whole day: `published_before=2025-01-31` includes that day. */
function dateBound(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

export function articlesRouter(deps: IngestionDeps): Router {
  const router = Router();

  mountRoute(router, routes.getArticles, async ({ query }) => {
    let sourceId: number | undefined;
    if (query.source) {
      const source = await deps.sources.find(query.source);
      if (!source) throw notFound('source', query.source);
      sourceId = source.id;
    }
    let excludeSourceId: number | undefined;
    if (query.exclude_source) {
      const source = await deps.sources.find(query.exclude_source);
      if (!source) throw notFound('source', query.exclude_source);
      excludeSourceId = source.id;
    }
    const { rows, total, totalExact } = await deps.queries.list({
      sourceId,
      excludeSourceId,
      minHuntScore: query.min_hunt_score,
      maxHuntScore: query.max_hunt_score,
      text: query.q,
      publishedAfter: dateBound(query.published_after, false),
      publishedBefore: dateBound(query.published_before, true),
      includeDuplicates: query.include_duplicates,
      sortBy: query.sort_by,
      sortOrder: query.sort_order,
      skip: pageOffset(query.page, query.limit),
      take: query.limit,
    });
    return { articles: rows.map(articleSummary), total, total_exact: totalExact, page: query.page, total_pages: totalPages(total, query.limit), limit: query.limit };
  });

  // Before /api/articles/:article_id, which would otherwise take `daily-counts` for an id.
  const dailyCounts = { counts: new DailyCountRepository(deps.ctx.db.prisma), now: deps.now };
  mountRoute(router, routes.getArticlesDailyCounts, ({ query }) => articleDailyCounts(dailyCounts, query.days));

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
      unlinked: { sigma_queue_items: counts.sigmaQueueItems, evaluation_records: counts.evaluationRecords, near_duplicates: counts.nearDuplicates },
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
