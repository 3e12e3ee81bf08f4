import { likePattern, Prisma, type PrismaClient } from '@huntforge/data';
import { TEXT_SEARCH_COUNT_CAP } from '@huntforge/contracts';
import { vectorLiteral } from './article-repository';

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
}

/** From how many skipped rows a page is found by ids first (see pageOf). */
const DEEP_PAGE_OFFSET = 5_000;

export const summarySelect = {
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

export type ArticleSummaryRow = Prisma.ArticleGetPayload<{ select: typeof summarySelect }>;

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

function orderBy(filter: ArticleListFilter): Prisma.ArticleOrderByWithRelationInput[] {
  const order = filter.sortOrder;
  const primary: Prisma.ArticleOrderByWithRelationInput =
    filter.sortBy === 'published_at' ? { publishedAt: { sort: order, nulls: 'last' } }
      : filter.sortBy === 'collected_at' ? { collectedAt: order }
        : filter.sortBy === 'hunt_score' ? { huntScore: order }
          : filter.sortBy === 'title' ? { title: order }
            : { id: order };
  return [primary, { id: order }];
}

function whereOf(filter: ArticleListFilter): Prisma.ArticleWhereInput {
  const and: Prisma.ArticleWhereInput[] = [];
  if (filter.sourceId !== undefined) and.push({ sourceId: filter.sourceId });
  if (filter.excludeSourceId !== undefined) and.push({ sourceId: { not: filter.excludeSourceId } });
  if (filter.minHuntScore !== undefined || filter.maxHuntScore !== undefined) {
    and.push({ huntScore: { gte: filter.minHuntScore, lte: filter.maxHuntScore } });
  }
  if (filter.text) {
    // ILIKE on PostgreSQL and PGlite alike; Prisma escapes % and _ in the term.
    and.push({ OR: [{ title: { contains: filter.text, mode: 'insensitive' } }, { content: { contains: filter.text, mode: 'insensitive' } }] });
  }
  if (filter.publishedAfter || filter.publishedBefore) {
    const range = { gte: filter.publishedAfter, lte: filter.publishedBefore };
    // Articles whose feed gave no date are placed by when we collected them.
    and.push({ OR: [{ publishedAt: range }, { publishedAt: null, collectedAt: range }] });
  }
  if (!filter.includeDuplicates) and.push({ duplicateOfId: null });
  return { AND: and };
}

/** whereOf's conditions as SQL, for the one read Prisma cannot phrase well (see list). */
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
    conditions.push(Prisma.sql`((published_at >= ${after} AND published_at <= ${before}) OR (published_at IS NULL AND collected_at >= ${after} AND collected_at <= ${before}))`);
  }
  if (!filter.includeDuplicates) conditions.push(Prisma.sql`duplicate_of_id IS NULL`);
  return conditions.length > 0 ? conditions : [Prisma.sql`TRUE`];
}

/** Read side of articles: listing, detail, similarity, search, stats; plus deletion with its report. */
export class ArticleQueries {
  private readonly textCountCap: number;
  private readonly deepPageOffset: number;

  /** The limits are the contract's and DEEP_PAGE_OFFSET; tests lower them to reach each path with a few rows. */
  constructor(
    private readonly prisma: PrismaClient,
    limits: { textCountCap?: number; deepPageOffset?: number } = {},
  ) {
    this.textCountCap = limits.textCountCap ?? TEXT_SEARCH_COUNT_CAP;
    this.deepPageOffset = limits.deepPageOffset ?? DEEP_PAGE_OFFSET;
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
  async list(filter: ArticleListFilter): Promise<{ rows: ArticleSummaryRow[]; total: number; totalExact: boolean }> {
    const where = whereOf(filter);
    const page = { select: summarySelect, orderBy: orderBy(filter), skip: filter.skip, take: filter.take };
    if (!filter.text) {
      const [rows, total] = await Promise.all([this.pageOf(where, page), this.prisma.article.count({ where })]);
      return { rows, total, totalExact: true };
    }
    // In SQL of its own: Prisma orders any limited read by id, and that order makes the planner test every match.
    const matched = await this.prisma.$queryRaw<Array<{ id: number }>>`
      SELECT id FROM articles WHERE ${Prisma.join(sqlConditions(filter), ' AND ')} LIMIT ${this.textCountCap + 1}`;
    if (matched.length <= this.textCountCap) {
      const rows = await this.prisma.article.findMany({ where: { id: { in: matched.map((row) => row.id) } }, ...page });
      return { rows, total: matched.length, totalExact: true };
    }
    const rows = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_bitmapscan = off');
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.article.findMany({ where, ...page });
    });
    return { rows, total: this.textCountCap, totalExact: false };
  }

  /**
   * A deep page (tens of thousands of rows skipped) is found by ids first: skipping through the sort's index
   * alone is several times cheaper than skipping whole rows; then only the page's rows are read.
   */
  private async pageOf(where: Prisma.ArticleWhereInput, page: { select: typeof summarySelect; orderBy: Prisma.ArticleOrderByWithRelationInput[]; skip: number; take: number }) {
    if (page.skip < this.deepPageOffset) return this.prisma.article.findMany({ where, ...page });
    const ids = (await this.prisma.article.findMany({ where, select: { id: true }, orderBy: page.orderBy, skip: page.skip, take: page.take })).map((row) => row.id);
    const rows = await this.prisma.article.findMany({ where: { id: { in: ids } }, select: summarySelect });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  summaries(ids: number[]): Promise<ArticleSummaryRow[]> {
    return this.prisma.article.findMany({ where: { id: { in: ids } }, select: summarySelect });
  }

  detail(id: number) {
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

  content(id: number) {
    return this.prisma.article.findUnique({ where: { id }, select: { id: true, content: true, simhash: true, simhashBands: true, embeddingModel: true, embeddedAt: true } });
  }

  /**
   * Nearest articles to an article's own vector (cosine, HNSW index), same embedding model only. The vector
   * is read first and passed as a value: ordered by a column of a joined row, the index cannot serve.
   */
  async similarTo(id: number, model: string, limit: number): Promise<ScoredRow[]> {
    const [self] = await this.prisma.$queryRaw<Array<{ vector: string | null }>>`SELECT embedding::text AS vector FROM articles WHERE id = ${id}`;
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
