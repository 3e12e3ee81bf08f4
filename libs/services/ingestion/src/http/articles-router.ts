import { Router } from 'express';
import {
  articleIdParamsSchema,
  createAnnotationRequestSchema,
  listArticlesQuerySchema,
  similarArticlesQuerySchema,
  totalPages,
  pageOffset,
  type DeleteArticleResponse,
} from '@huntforge/contracts';
import { parseOrThrow } from '@huntforge/platform';
import type { IngestionDeps } from '../deps';
import { notFound } from '../errors';
import { annotationView, createAnnotation } from '../use-cases/annotations/create-annotation';
import { articleDetail, articleSummary } from '../use-cases/article-views';
import { similarArticles } from '../use-cases/search/semantic-search';

/** Date-only bounds cover the whole day: `published_before=2025-01-31` includes that day. */
function dateBound(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

export function articlesRouter(deps: IngestionDeps): Router {
  const router = Router();

  router.get('/api/articles', async (req, res) => {
    const query = parseOrThrow(listArticlesQuerySchema, req.query, 'query');
    let sourceId: number | undefined;
    if (query.source) {
      const source = await deps.sources.find(query.source);
      if (!source) throw notFound('source', query.source);
      sourceId = source.id;
    }
    const { rows, total } = await deps.queries.list({
      sourceId,
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
    res.json({ articles: rows.map(articleSummary), total, page: query.page, total_pages: totalPages(total, query.limit), limit: query.limit });
  });

  router.get('/api/articles/:article_id', async (req, res) => {
    const { article_id } = parseOrThrow(articleIdParamsSchema, req.params, 'params');
    const row = await deps.queries.detail(article_id);
    if (!row) throw notFound('article', article_id);
    res.json(articleDetail(row));
  });

  router.get('/api/articles/:article_id/similar', async (req, res) => {
    const { article_id } = parseOrThrow(articleIdParamsSchema, req.params, 'params');
    const { limit } = parseOrThrow(similarArticlesQuerySchema, req.query, 'query');
    res.json(await similarArticles(deps, article_id, limit));
  });

  router.delete('/api/articles/:article_id', async (req, res) => {
    const { article_id } = parseOrThrow(articleIdParamsSchema, req.params, 'params');
    const counts = await deps.queries.deleteWithReport(article_id);
    if (!counts) throw notFound('article', article_id);
    deps.ctx.logger.info({ articleId: article_id, ...counts }, 'article deleted');
    const body: DeleteArticleResponse = {
      deleted: true,
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
    res.json(body);
  });

  router.get('/api/articles/:article_id/annotations', async (req, res) => {
    const { article_id } = parseOrThrow(articleIdParamsSchema, req.params, 'params');
    if (!(await deps.queries.exists(article_id))) throw notFound('article', article_id);
    res.json({ article_id, annotations: (await deps.annotations.listFor(article_id)).map(annotationView) });
  });

  router.post('/api/articles/:article_id/annotations', async (req, res) => {
    const { article_id } = parseOrThrow(articleIdParamsSchema, req.params, 'params');
    const body = parseOrThrow(createAnnotationRequestSchema, req.body, 'body');
    const actor = req.headers['x-huntforge-actor'];
    res.status(201).json(await createAnnotation(deps, article_id, body, typeof actor === 'string' ? actor : null));
  });

  return router;
}
