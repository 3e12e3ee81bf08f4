import { Router } from 'express';
import { ingestionRoutes as routes } from '@huntforge/contracts';
import { mountRoute, reply } from '@huntforge/platform';
import type { IngestionDeps } from '../deps';
import { scrapeUrl } from '../use-cases/scrape-url/scrape-url';
import { embeddingStats, searchHelp, semanticSearch } from '../use-cases/search/semantic-search';

export function searchRouter(deps: IngestionDeps): Router {
  const router = Router();
  mountRoute(router, routes.postSearchSemantic, async ({ body }) => semanticSearch(deps, body));
  mountRoute(router, routes.getSearchHelp, async () => searchHelp(deps));
  mountRoute(router, routes.getEmbeddingsStats, async () => embeddingStats(deps));
  mountRoute(router, routes.postScrapeUrl, async ({ body }) => {
    const result = await scrapeUrl(deps, body);
    return result.duplicate ? result : reply(201, result);
  });
  return router;
}
