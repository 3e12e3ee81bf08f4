import type { CollectionRunView, SourceView } from '@huntforge/contracts/ingestion';
import type { CollectionRunRecord } from '../../records';
import type { RunDetail } from '../../repositories/collection-run-repository';
import { isProtectedSource, type SourceRow } from '../../repositories/source-repository';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function sourceView(row: SourceRow, ocrDefault: boolean): SourceView {
  const protectedSource = isProtectedSource(row.identifier);
  const status = protectedSource
    ? 'not_collected'
    : !row.lastCheckedAt
      ? 'never_checked'
      : row.consecutiveFailures > 0
        ? 'failing'
        : 'healthy';
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    url: row.url,
    kind: row.kind,
    active: row.active,
    protected: protectedSource,
    check_frequency_seconds: row.checkFrequencySeconds,
    lookback_days: row.lookbackDays,
    min_content_length: row.minContentLength,
    image_ocr_enabled: row.imageOcrEnabled,
    image_ocr_effective: row.imageOcrEnabled ?? ocrDefault,
    article_count: row.articleCount,
    health: {
      status,
      last_checked_at: iso(row.lastCheckedAt),
      last_success_at: iso(row.lastSuccessAt),
      consecutive_failures: row.consecutiveFailures,
      last_error: row.lastError,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function runView(run: CollectionRunRecord): CollectionRunView {
  const detail = (run.detail ?? {}) as Partial<RunDetail>;
  return {
    id: run.id,
    source_id: run.sourceId,
    status: run.status,
    trigger: run.trigger,
    started_at: run.startedAt.toISOString(),
    finished_at: iso(run.finishedAt),
    items_found: run.itemsFound,
    articles_created: run.articlesCreated,
    duplicates: run.duplicates,
    failures: run.failures,
    not_modified: detail.not_modified ?? false,
    error: run.error,
    progress: detail.progress ?? { processed: 0, total: 0 },
    items: detail.items ?? [],
  };
}
