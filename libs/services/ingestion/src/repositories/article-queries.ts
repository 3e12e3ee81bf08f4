import { likePattern, Prisma, type PrismaClient } from '@huntforge/data';
import { TEXT_SEARCH_COUNT_CAP } from '@huntforge/contracts/ingestion';
import { vectorLiteral } from './article-repository';
import type { ArticleContentRecord, ArticleDetailRecord, ArticleSummaryRecord } from '../records';

export interface ArticleListFilter {
  sourceId?: number;
  excludeSourceId?: number;
  minHuntScore?: number;
  maxHuntScore?: number;
  text?: string;
  publishedAfter?: Date;
  publishedBefore?: Date;
  includeDuplicates: boolean;
  sortBy: 'published_at' | 'collected_at' | 'hunt_score' | 'title' | 'id';
  sortOrder: 'asc' | 'desc';
  skip: number;
  take: number;
  /** Keyset position: the page starts after this row of the same sort (skip is then 0). */
  after?: ListPosition;
}

/** Where a page ended: its last row's sort value as PostgreSQL's text (null for an undated article), and id. */
export interface ListPosition {
  key: string | null;
  id: number;
}

export interface ArticlePage {
  rows: ArticleSummaryRecord[];
  total: number;
  totalExact: boolean;
  /** The last row's position when more rows follow it, null on the last page. */
  next: ListPosition | null;
}

const summarySelect = {
  id: true,
  sourceId: true,
  source: { select: { identifier: true } },
  title: true,
  url: true,
  canonicalUrl: true,
  publishedAt: true,
  collectedAt: true,
  huntScore: true,
  duplicateOfId: true,
  metadata: true,
  embeddedAt: true,
} satisfies Prisma.ArticleSelect;

export interface ScoredRow {
  id: number;
  similarity: number;
}

export interface DeleteCounts {
  annotations: number;
  chunkFeedback: number;
  chunkAnalyses: number;
  chunkDebugProgress: number;
  workflowExecutions: number;
  sigmaQueueItems: number;
  evaluationRecords: number;
  nearDuplicates: number;
}

const SORT_COLUMNS = {
  published_at: 'published_at',
  collected_at: 'collected_at',
  hunt_score: 'hunt_score',
  title: 'title',
  id: 'id',
} as const;
/** The type a sort value's text is read back as, so a position compares exactly as the rows sort. */
const SORT_TYPES = { published_at: 'timestamptz', collected_at: 'timestamptz', hunt_score: 'float8', title: 'text', id: 'int' } as const;

/** The list's order, ties broken by id the same way, so the (column, id) indexes serve it. */
function sqlOrder(filter: ArticleListFilter): Prisma.Sql {
  const direction = Prisma.raw(filter.sortOrder === 'asc' ? 'ASC' : 'DESC');
  // Articles without a published date go last either way (published_at DESC NULLS LAST has its own index).
  const nulls = Prisma.raw(filter.sortBy === 'published_at' ? ' NULLS LAST' : '');
  return Prisma.sql`${Prisma.raw(SORT_COLUMNS[filter.sortBy])} ${direction}${nulls}, id ${direction}`;
}

/**
 * Rows after a keyset position along sqlOrder: a row comparison the (column, id) indexes serve. Undated
 * articles sort last either way: after an undated one only the undated with a later id (in the sort's
 * direction) follow; after a dated one this names the dated rest (a comparison with NULL is never true),
 * and pagePositions reads the undated after them.
 */
function sqlAfter(filter: ArticleListFilter, after: ListPosition): Prisma.Sql {
  const op = Prisma.raw(filter.sortOrder === 'asc' ? '>' : '<');
  if (filter.sortBy === 'id') return Prisma.sql`id ${op} ${after.id}`;
  if (filter.sortBy === 'published_at' && after.key === null) return Prisma.sql`(published_at IS NULL AND id ${op} ${after.id})`;
  const value = Prisma.sql`${after.key}::${Prisma.raw(SORT_TYPES[filter.sortBy])}`;
  return Prisma.sql`(${Prisma.raw(SORT_COLUMNS[filter.sortBy])}, id) ${op} (${value}, ${after.id})`;
}

/** The list's filters as SQL conditions (ILIKE with the term's % and _ escaped, served by trigram indexes). */
function sqlConditions(filter: ArticleListFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.sourceId !== undefined) conditions.push(Prisma.sql`source_id = ${filter.sourceId}`);
  if (filter.excludeSourceId !== undefined) conditions.push(Prisma.sql`source_id <> ${filter.excludeSourceId}`);
  if (filter.minHuntScore !== undefined) conditions.push(Prisma.sql`hunt_score >= ${filter.minHuntScore}`);
  if (filter.maxHuntScore !== undefined) conditions.push(Prisma.sql`hunt_score <= ${filter.maxHuntScore}`);
  if (filter.text) {
    const pattern = likePattern(filter.text);
    conditions.push(Prisma.sql`(title ILIKE ${pattern} OR content ILIKE ${pattern})`);
  }
  if (filter.publishedAfter || filter.publishedBefore) {
    const after = filter.publishedAfter ?? new Date(0);
    const before = filter.publishedBefore ?? new Date(8.64e15);
    conditions.push(
      Prisma.sql`((published_at >= ${after} AND published_at <= ${before}) OR (published_at IS NULL AND collected_at >= ${after} AND collected_at <= ${before}))`,
    );
  }
  if (!filter.includeDuplicates) conditions.push(Prisma.sql`duplicate_of_id IS NULL`);
  return conditions.length > 0 ? conditions : [Prisma.sql`TRUE`];
}

/** Read side of articles: listing, detail, similarity, search, stats; plus deletion with its report. */
export class ArticleQueries {
  private readonly textCountCap: number;

  /** The cap is the contract's; tests lower it to reach each path with a few rows. */
  constructor(
    private readonly prisma: PrismaClient,
    limits: { textCountCap?: number } = {},
  ) {
    this.textCountCap = limits.textCountCap ?? TEXT_SEARCH_COUNT_CAP;
  }

  /**
   * A page and its total. A text filter (ILIKE, served by trigram indexes) is answered in two ways, because
   * the planner cannot tell a rare word from a common one:
   * - its matches are collected up to the cap (TEXT_SEARCH_COUNT_CAP); when they all fit, the page is sorted
   *   from those ids, so no article's text is read twice;
   * - past the cap the word is common, so the page comes from walking the sort's index and testing each
   *   article until the page is full (bitmap and sequential scans turned off for that one query: either
   *   would test every match, seconds at a year's scale). The total then says only "more than the cap".
   */
  async list(filter: ArticleListFilter): Promise<ArticlePage> {
    const conditions = sqlConditions(filter);
    if (!filter.text) {
      const [positions, [counted]] = await Promise.all([
        this.pagePositions(this.prisma, conditions, filter),
        this.prisma.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM articles WHERE ${Prisma.join(conditions, ' AND ')}`,
      ]);
      return this.page(positions, filter, counted?.n ?? 0, true);
    }
    // Unordered: with an order (or a limited Prisma read, always ordered by id) the planner tests every match.
    const matched = await this.prisma.$queryRaw<Array<{ id: number }>>`
      SELECT id FROM articles WHERE ${Prisma.join(conditions, ' AND ')} LIMIT ${this.textCountCap + 1}`;
    if (matched.length <= this.textCountCap) {
      const positions = await this.pagePositions(this.prisma, [Prisma.sql`id = ANY(${matched.map((row) => row.id)}::int[])`], filter);
      return this.page(positions, filter, matched.length, true);
    }
    const positions = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_bitmapscan = off');
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return this.pagePositions(tx, conditions, filter);
    });
    return this.page(positions, filter, this.textCountCap, false);
  }

  /**
   * A page's ids with their sort values (one row more, to know whether another page follows), then its rows:
   * skipping through the sort's index alone is several times cheaper than skipping whole rows on a deep page,
   * and a keyset position skips nothing at all.
   */
  private async pagePositions(
    db: Pick<PrismaClient, '$queryRaw'>,
    conditions: Prisma.Sql[],
    filter: ArticleListFilter,
  ): Promise<ListPosition[]> {
    const wanted = filter.take + 1;
    const select = (where: Prisma.Sql[], limit: number, skip: number) => db.$queryRaw<ListPosition[]>`
      SELECT id, ${Prisma.raw(SORT_COLUMNS[filter.sortBy])}::text AS key FROM articles WHERE ${Prisma.join(where, ' AND ')}
      ORDER BY ${sqlOrder(filter)} LIMIT ${limit} OFFSET ${skip}`;
    const { after } = filter;
    if (!after) return select(conditions, wanted, filter.skip);
    const rows = await select([...conditions, sqlAfter(filter, after)], wanted, 0);
    // After a dated article every undated one still follows: read once the dated run out, rather than through
    // an OR that the (published_at, id) index cannot serve (it would walk the index from the top).
    if (filter.sortBy !== 'published_at' || after.key === null || rows.length === wanted) return rows;
    return [...rows, ...(await select([...conditions, Prisma.sql`published_at IS NULL`], wanted - rows.length, 0))];
  }

  private async page(positions: ListPosition[], filter: ArticleListFilter, total: number, totalExact: boolean): Promise<ArticlePage> {
    const shown = positions.slice(0, filter.take);
    const last = shown.at(-1);
    const next = positions.length > filter.take && last ? { key: last.key, id: last.id } : null;
    return { rows: await this.inOrder(shown.map((position) => position.id)), total, totalExact, next };
  }

  private async inOrder(ids: number[]): Promise<ArticleSummaryRecord[]> {
    const byId = new Map((await this.summaries(ids)).map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The first `length` characters of each article's content, in one query (the rest never leaves the database). */
  async snippets(ids: number[], length: number): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<Array<{ id: number; snippet: string }>>`
      SELECT id, left(content, ${length}) AS snippet FROM articles WHERE id = ANY(${ids}::int[])`;
    return new Map(rows.map((row) => [row.id, row.snippet]));
  }

  summaries(ids: number[]): Promise<ArticleSummaryRecord[]> {
    return this.prisma.article.findMany({ where: { id: { in: ids } }, select: summarySelect });
  }

  detail(id: number): Promise<ArticleDetailRecord | null> {
    return this.prisma.article.findUnique({
      where: { id },
      select: {
        ...summarySelect,
        content: true,
        keywordMatches: true,
        duplicates: { select: { id: true }, orderBy: { id: 'asc' } },
        _count: { select: { annotations: true } },
      },
    });
  }

  async exists(id: number): Promise<boolean> {
    return (await this.prisma.article.count({ where: { id } })) > 0;
  }

  content(id: number): Promise<ArticleContentRecord | null> {
    return this.prisma.article.findUnique({
      where: { id },
      select: { id: true, content: true, simhash: true, simhashBands: true, embeddingModel: true, embeddedAt: true },
    });
  }

  /**
   * Nearest articles to an article's own vector (cosine, HNSW index), same embedding model only. The vector
   * is read first and passed as a value: ordered by a column of a joined row, the index cannot serve.
   */
  async similarTo(id: number, model: string, limit: number): Promise<ScoredRow[]> {
    const [self] = await this.prisma.$queryRaw<
      Array<{ vector: string | null }>
    >`SELECT embedding::text AS vector FROM articles WHERE id = ${id}`;
    if (!self?.vector) return [];
    return this.prisma.$queryRaw<ScoredRow[]>`
      SELECT id, (1 - (embedding <=> ${self.vector}::vector))::float8 AS similarity
      FROM articles
      WHERE id <> ${id} AND embedding IS NOT NULL AND embedding_model = ${model}
      ORDER BY embedding <=> ${self.vector}::vector
      LIMIT ${limit}`;
  }

  /** Nearest articles to a query vector, filtered by hunt score and source. */
  search(vector: number[], model: string, filter: { minHuntScore?: number; sourceId?: number }, limit: number): Promise<ScoredRow[]> {
    const literal = vectorLiteral(vector);
    const conditions = [Prisma.sql`embedding IS NOT NULL`, Prisma.sql`embedding_model = ${model}`];
    if (filter.minHuntScore !== undefined) conditions.push(Prisma.sql`hunt_score >= ${filter.minHuntScore}`);
    if (filter.sourceId !== undefined) conditions.push(Prisma.sql`source_id = ${filter.sourceId}`);
    return this.prisma.$queryRaw<ScoredRow[]>`
      SELECT id, (1 - (embedding <=> ${literal}::vector))::float8 AS similarity FROM articles
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY embedding <=> ${literal}::vector
      LIMIT ${limit}`;
  }

  async embeddingCoverage(): Promise<{ total: number; embedded: number; byModel: Record<string, number> }> {
    const [total, groups] = await Promise.all([
      this.prisma.article.count(),
      this.prisma.article.groupBy({ by: ['embeddingModel'], where: { embeddedAt: { not: null } }, _count: { _all: true } }),
    ]);
    const byModel: Record<string, number> = {};
    let embedded = 0;
    for (const group of groups) {
      byModel[group.embeddingModel ?? 'unknown'] = group._count._all;
      embedded += group._count._all;
    }
    return { total, embedded, byModel };
  }

  /** Deletes an article; the foreign keys cascade or unlink, and the counts say what went with it. */
  deleteWithReport(id: number): Promise<DeleteCounts | null> {
    return this.prisma.$transaction(async (tx) => {
      const found = await tx.article.findUnique({ where: { id }, select: { id: true } });
      if (!found) return null;
      const where = { articleId: id };
      const counts: DeleteCounts = {
        annotations: await tx.articleAnnotation.count({ where }),
        chunkFeedback: await tx.chunkClassificationFeedback.count({ where }),
        chunkAnalyses: await tx.chunkAnalysis.count({ where }),
        chunkDebugProgress: await tx.chunkDebugProgress.count({ where }),
        workflowExecutions: await tx.workflowExecution.count({ where }),
        sigmaQueueItems: await tx.sigmaQueueItem.count({ where }),
        evaluationRecords: await tx.evaluationRecord.count({ where }),
        nearDuplicates: await tx.article.count({ where: { duplicateOfId: id } }),
      };
      await tx.article.delete({ where: { id } });
      return counts;
    });
  }

  /**
   * Retention: articles collected before `cutoff`, outside the protected sources, holding no annotations,
   * feedback or executions (nor queue items or evaluation records that point at them). It walks the
   * (collected_at, id) index once in short batches, each delete its own statement re-checking the conditions,
   * so no lock is held for long, a kept article is never read twice, and one annotated while the walk runs
   * is kept.
   */
  async deleteExpired(cutoff: Date, protectedSourceIds: number[], batch = 500): Promise<number> {
    let deleted = 0;
    let after: { collectedAt: Date; id: number } | null = null;
    for (;;) {
      const page: Array<{ id: number; collected_at: Date }> = await this.prisma.$queryRaw`
        SELECT id, collected_at FROM articles
        WHERE collected_at < ${cutoff} ${after ? Prisma.sql`AND (collected_at, id) > (${after.collectedAt}, ${after.id})` : Prisma.empty}
        ORDER BY collected_at, id LIMIT ${batch}`;
      const last = page.at(-1);
      if (!last) return deleted;
      after = { collectedAt: last.collected_at, id: last.id };
      deleted += await this.prisma.$executeRaw`
        DELETE FROM articles a
        WHERE a.id = ANY(${page.map((row) => row.id)}::int[]) AND a.source_id <> ALL(${protectedSourceIds}::int[])
          AND NOT EXISTS (SELECT 1 FROM article_annotations x WHERE x.article_id = a.id)
          AND NOT EXISTS (SELECT 1 FROM chunk_classification_feedback x WHERE x.article_id = a.id)
          AND NOT EXISTS (SELECT 1 FROM workflow_executions x WHERE x.article_id = a.id)
          AND NOT EXISTS (SELECT 1 FROM sigma_queue_items x WHERE x.article_id = a.id)
          AND NOT EXISTS (SELECT 1 FROM evaluation_records x WHERE x.article_id = a.id)`;
    }
  }
}
