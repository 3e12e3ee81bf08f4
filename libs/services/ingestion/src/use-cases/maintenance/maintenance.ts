import { PROTECTED_SOURCE_IDENTIFIERS } from '@huntforge/contracts';
import type { IngestionDeps } from '../../deps';
import { embeddingInput } from '../ingest-article/ingest-article';

const DAY_MS = 86_400_000;

export interface CleanupSummary {
  articles_deleted: number;
  article_retention_days: number;
  collection_runs_deleted: number;
  collection_run_retention_days: number;
}

/**
 * cleanup_old_data: articles past ARTICLE_RETENTION_DAYS that nobody annotated, gave feedback on or ran
 * a workflow for (eval and manual articles are kept), and finished collection runs past their retention.
 */
export async function cleanupOldData(deps: IngestionDeps): Promise<CleanupSummary> {
  const now = deps.now().getTime();
  const retention = deps.config.ARTICLE_RETENTION_DAYS;
  const protectedIds = (
    await Promise.all(PROTECTED_SOURCE_IDENTIFIERS.map((identifier) => deps.sources.findIdByIdentifier(identifier)))
  ).filter((id): id is number => id !== null);
  const articlesDeleted = retention > 0 ? await deps.queries.deleteExpired(new Date(now - retention * DAY_MS), protectedIds) : 0;
  const runRetention = deps.config.COLLECTION_RUN_RETENTION_DAYS;
  const runsDeleted = await deps.runs.deleteFinishedBefore(new Date(now - runRetention * DAY_MS));
  return {
    articles_deleted: articlesDeleted,
    article_retention_days: retention,
    collection_runs_deleted: runsDeleted,
    collection_run_retention_days: runRetention,
  };
}

export interface EmbedSummary {
  embedder: string;
  embedded: number;
  failed_batches: number;
}

/** embed_new_articles: vectors for every article the current embedder has not embedded yet, in batches. */
export async function embedNewArticles(deps: IngestionDeps, signal: AbortSignal, batchSize = 64): Promise<EmbedSummary> {
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
      deps.ctx.logger.warn({ err: error, embedder: deps.embedder.id }, 'embedding batch failed');
    }
  }
}
