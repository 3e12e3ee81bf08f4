import { Router } from 'express';
import { scrapeUrlRequestSchema, semanticSearchRequestSchema } from '@huntforge/contracts';
import { parseOrThrow } from '@huntforge/platform';
import type { IngestionDeps } from '../deps';
import { scrapeUrl } from '../use-cases/scrape-url/scrape-url';
import { embeddingStats, searchHelp, semanticSearch } from '../use-cases/search/semantic-search';

export function searchRouter(deps: IngestionDeps): Router {
  const router = Router();
  router.post('/api/search/semantic', async (req, res) => {
    res.json(await semanticSearch(deps, parseOrThrow(semanticSearchRequestSchema, req.body, 'body')));
  });
  router.get('/api/search/help', (_req, res) => {
    res.json(searchHelp(deps));
  });
  router.get('/api/embeddings/stats', async (_req, res) => {
    res.json(await embeddingStats(deps));
  });
  router.post('/api/scrape-url', async (req, res) => {
    const result = await scrapeUrl(deps, parseOrThrow(scrapeUrlRequestSchema, req.body, 'body'));
    res.status(result.duplicate ? 200 : 201).json(result);
  });
  return router;
}
