import type { SimilarArticlesResponse } from '@huntforge/contracts/ingestion';
import { notFound } from '../../errors';
import type { IngestionPorts } from '../../ports';
import { articleSummary } from '../articles/article-views';
import { withSummaries, type ScoredSummariesDeps } from './scored-summaries';

export interface SimilarArticlesDeps extends Pick<IngestionPorts, 'embedder'> {
  queries: ScoredSummariesDeps['queries'] & Pick<IngestionPorts['queries'], 'content' | 'similarTo'>;
  articles: Pick<IngestionPorts['articles'], 'nearDuplicates'>;
}

export interface SimilarArticlesCommand {
  articleId: number;
  limit: number;
}

/** Nearest articles by embedding, plus the article's SimHash near duplicates in either direction. */
export async function similarArticles(deps: SimilarArticlesDeps, command: SimilarArticlesCommand): Promise<SimilarArticlesResponse> {
  const { articleId, limit } = command;
  const self = await deps.queries.content(articleId);
  if (!self) throw notFound('article', articleId);
  const hasVector = self.embeddedAt !== null && self.embeddingModel === deps.embedder.id;
  const similar = hasVector ? await withSummaries(deps, await deps.queries.similarTo(articleId, deps.embedder.id, limit)) : [];
  const near = await deps.articles.nearDuplicates({ value: BigInt(self.simhash), bands: self.simhashBands }, articleId, limit);
  const nearRows = new Map((await deps.queries.summaries(near.map((n) => n.id))).map((row) => [row.id, row]));
  return {
    article_id: articleId,
    method: hasVector ? 'embedding' : 'none',
    embedder: hasVector ? deps.embedder.id : null,
    similar: similar.map(({ summary, similarity }) => ({ ...summary, similarity })),
    near_duplicates: near.flatMap((n) => {
      const row = nearRows.get(n.id);
      return row ? [{ ...articleSummary(row), hamming_distance: n.distance }] : [];
    }),
  };
}
