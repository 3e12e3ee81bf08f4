import { HUNT_TIER_NAMES, type ArticleDetail, type ArticleSummary } from '@huntforge/contracts/ingestion';
import type { ArticleDetailRecord, ArticleSummaryRecord } from '../../records';

const metadataOf = (row: { metadata: unknown }): Record<string, unknown> =>
  row.metadata && typeof row.metadata === 'object' && !Array.isArray(row.metadata) ? (row.metadata as Record<string, unknown>) : {};

export function articleSummary(row: ArticleSummaryRecord): ArticleSummary {
  const length = metadataOf(row)['content_length'];
  return {
    id: row.id,
    source_id: row.sourceId,
    source: row.source.identifier,
    title: row.title,
    url: row.url,
    canonical_url: row.canonicalUrl,
    published_at: row.publishedAt?.toISOString() ?? null,
    collected_at: row.collectedAt.toISOString(),
    hunt_score: row.huntScore,
    duplicate_of: row.duplicateOfId,
    content_length: typeof length === 'number' ? length : 0,
    embedded: row.embeddedAt !== null,
  };
}

export function articleDetail(row: ArticleDetailRecord): ArticleDetail {
  const metadata = metadataOf(row);
  const matches = (row.keywordMatches ?? {}) as Record<string, string[] | undefined>;
  const points = (metadata['hunt_score_points'] ?? {}) as Record<string, number | undefined>;
  const tiers = Object.fromEntries(HUNT_TIER_NAMES.map((tier) => [tier, { matched: matches[tier] ?? [], points: points[tier] ?? 0 }]));
  return {
    ...articleSummary(row),
    content_length: row.content.length,
    content: row.content,
    hunt_score_breakdown: { score: row.huntScore, tiers: tiers as ArticleDetail['hunt_score_breakdown']['tiers'] },
    near_duplicates: row.duplicates.map((duplicate) => duplicate.id),
    annotation_count: row._count.annotations,
    metadata,
  };
}
