import type { IngestionPorts } from '../../ports';
import { embeddingInput } from '../ingest-article/ingest-article';

export interface EmbedNewArticlesDeps extends Pick<IngestionPorts, 'embedder' | 'logger'> {
  articles: Pick<IngestionPorts['articles'], 'needingEmbedding' | 'setEmbedding'>;
}

export interface EmbedSummary {
  embedder: string;
  embedded: number;
  failed_batches: number;
}

/** embed_new_articles: vectors for every article the current embedder has not embedded yet, in batches. */
export interface EmbedNewArticlesCommand {
  signal: AbortSignal;
  /** Articles per embedder call (default 64). */
  batchSize?: number;
}

export async function embedNewArticles(deps: EmbedNewArticlesDeps, command: EmbedNewArticlesCommand): Promise<EmbedSummary> {
  const { signal, batchSize = 64 } = command;
  const summary: EmbedSummary = { embedder: deps.embedder.id, embedded: 0, failed_batches: 0 };
  const failedIds = new Set<number>();
  for (;;) {
    signal.throwIfAborted();
    const batch = (await deps.articles.needingEmbedding(deps.embedder.id, batchSize + failedIds.size))
      .filter((row) => !failedIds.has(row.id))
      .slice(0, batchSize);
    if (batch.length === 0) return summary;
    try {
      const vectors = await deps.embedder.embed(
        batch.map((row) => embeddingInput(row.title, row.content)),
        signal,
      );
      for (let i = 0; i < batch.length; i++) await deps.articles.setEmbedding(batch[i].id, { vector: vectors[i], model: deps.embedder.id });
      summary.embedded += batch.length;
    } catch (error) {
      if (signal.aborted) throw error;
      // Skip this batch for the rest of the run so one bad batch cannot loop forever.
      summary.failed_batches++;
      for (const row of batch) failedIds.add(row.id);
      deps.logger.warn({ err: error, embedder: deps.embedder.id }, 'embedding batch failed');
    }
  }
}
