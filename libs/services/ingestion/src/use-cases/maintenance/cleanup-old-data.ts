import { PROTECTED_SOURCE_IDENTIFIERS } from '@huntforge/contracts/ingestion';
import type { IngestionPorts } from '../../ports';

export interface CleanupOldDataDeps extends Pick<IngestionPorts, 'now'> {
  config: Pick<IngestionPorts['config'], 'ARTICLE_RETENTION_DAYS' | 'COLLECTION_RUN_RETENTION_DAYS'>;
  sources: Pick<IngestionPorts['sources'], 'findIdByIdentifier'>;
  queries: Pick<IngestionPorts['queries'], 'deleteExpired'>;
  runs: Pick<IngestionPorts['runs'], 'deleteFinishedBefore'>;
}

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
export async function cleanupOldData(deps: CleanupOldDataDeps): Promise<CleanupSummary> {
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
