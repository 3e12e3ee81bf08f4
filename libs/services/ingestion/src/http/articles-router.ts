import { Router } from 'express';
import { ingestionRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute } from '@huntforge/platform';
import { createAnnotation } from '../use-cases/annotations/create-annotation';
import { listAnnotations } from '../use-cases/annotations/list-annotations';
import { deleteArticle } from '../use-cases/articles/delete-article';
import { getArticle } from '../use-cases/articles/get-article';
import { articleDailyCounts } from '../use-cases/daily-counts/article-daily-counts';
import { listArticles } from '../use-cases/list-articles/list-articles';
import { similarArticles } from '../use-cases/search/similar-articles';
import type { IngestionRouterDeps } from './router-deps';

export function articlesRouter(deps: IngestionRouterDeps): Router {
  const router = Router();

  mountRoute(router, routes.getArticles, ({ query }) => listArticles(deps, query));

  // Before /api/articles/:article_id, which would otherwise take `daily-counts` for an id.
  mountRoute(router, routes.getArticlesDailyCounts, ({ query }) => articleDailyCounts(deps, { days: query.days }));

  mountRoute(router, routes.getArticle, ({ params }) => getArticle(deps, { articleId: params.article_id }));

  mountRoute(router, routes.getArticlesSimilar, ({ params, query }) =>
    similarArticles(deps, { articleId: params.article_id, limit: query.limit }),
  );

  mountRoute(router, routes.deleteArticle, ({ params }) => deleteArticle(deps, { articleId: params.article_id }));

  mountRoute(router, routes.getArticlesAnnotations, ({ params }) => listAnnotations(deps, { articleId: params.article_id }));

  mountRoute(router, routes.postArticlesAnnotations, ({ params, body, req }) =>
    createAnnotation(deps, { articleId: params.article_id, annotation: body, createdBy: actorOf(req) }),
  );

  return router;
}
