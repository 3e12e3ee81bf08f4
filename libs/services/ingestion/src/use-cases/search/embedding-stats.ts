import type { EmbeddingStatsResponse } from '@huntforge/contracts/ingestion';
import type { IngestionPorts } from '../../ports';

export interface EmbeddingStatsDeps extends Pick<IngestionPorts, 'embedder' | 'corpusStats'> {
  queries: Pick<IngestionPorts['queries'], 'embeddingCoverage'>;
}

const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** GET /api/embeddings/stats: how much of the articles and the reference corpus the current embedder has embedded. */
export async function embeddingStats(deps: EmbeddingStatsDeps): Promise<EmbeddingStatsResponse> {
  const [articles, corpus] = await Promise.all([deps.queries.embeddingCoverage(), deps.corpusStats.embeddingCoverage()]);
  const current = articles.byModel[deps.embedder.id] ?? 0;
  return {
    embedder: { id: deps.embedder.id, dimensions: deps.embedder.dimensions },
    articles: {
      total: articles.total,
      embedded: current,
      missing: articles.total - current,
      coverage_percent: percent(current, articles.total),
      by_model: articles.byModel,
    },
    sigma_corpus: {
      total_rules: corpus.total,
      embedded_rules: corpus.embedded,
      missing: corpus.total - corpus.embedded,
      coverage_percent: percent(corpus.embedded, corpus.total),
    },
  };
}
