import { Router } from 'express';
import { ingestionRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute, reply } from '@huntforge/platform';
import { scrapeUrl } from '../use-cases/scrape-url/scrape-url';
import { embeddingStats } from '../use-cases/search/embedding-stats';
import { searchHelp } from '../use-cases/search/search-help';
import { semanticSearch } from '../use-cases/search/semantic-search';
import type { IngestionRouterDeps } from './router-deps';

export function searchRouter(deps: IngestionRouterDeps): Router {
  const router = Router();
  mountRoute(router, routes.postSearchSemantic, ({ body }) => semanticSearch(deps, body));
  mountRoute(router, routes.getSearchHelp, async () => searchHelp(deps));
  mountRoute(router, routes.getEmbeddingsStats, () => embeddingStats(deps));
  mountRoute(router, routes.postScrapeUrl, async ({ body }) => {
    const result = await scrapeUrl(deps, body);
    return result.duplicate ? result : reply(201, result);
  });
  return router;
}
