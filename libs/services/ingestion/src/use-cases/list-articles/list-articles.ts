import { pageOffset, totalPages } from '@huntforge/contracts/http';
import type { ListArticlesQuery, ListArticlesResponse } from '@huntforge/contracts/ingestion';
import type { IngestionPorts } from '../../ports';
import { articleSummary } from '../articles/article-views';
import { sourceIdOf, type SourceFilterDeps } from '../source-filter';
import { decodeCursor, encodeCursor, listScope } from './article-cursor';

export interface ListArticlesDeps extends SourceFilterDeps {
  queries: Pick<IngestionPorts['queries'], 'list'>;
}

/** Date-only bounds cover the whole day: `published_before=2025-01-31` includes that day. */
function dateBound(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

/** A page of the article list, by page number or by the cursor a previous page handed out. */
export async function listArticles(deps: ListArticlesDeps, query: ListArticlesQuery): Promise<ListArticlesResponse> {
  const scope = listScope(query);
  const position = query.cursor ? decodeCursor(query.cursor, scope) : null;
  const page = position?.page ?? query.page;
  const [sourceId, excludeSourceId] = await Promise.all([sourceIdOf(deps, query.source), sourceIdOf(deps, query.exclude_source)]);
  const result = await deps.queries.list({
    sourceId,
    excludeSourceId,
    minHuntScore: query.min_hunt_score,
    maxHuntScore: query.max_hunt_score,
    text: query.q,
    publishedAfter: dateBound(query.published_after, false),
    publishedBefore: dateBound(query.published_before, true),
    includeDuplicates: query.include_duplicates,
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    skip: pageOffset(page, query.limit),
    take: query.limit,
    after: position ?? undefined,
  });
  return {
    articles: result.rows.map(articleSummary),
    total: result.total,
    total_exact: result.totalExact,
    page,
    total_pages: totalPages(result.total, query.limit),
    limit: query.limit,
    next_cursor: result.next ? encodeCursor({ ...result.next, page: page + 1 }, scope) : null,
  };
}
