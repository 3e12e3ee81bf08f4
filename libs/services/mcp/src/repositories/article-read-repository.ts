import { Prisma, type PrismaClient } from '@huntforge/data';

export interface ArticleSearchFilter {
  sourceId?: number;
  minHuntScore?: number;
  offset: number;
  take: number;
}

export interface ArticleHitRow {
  id: number;
  title: string;
  canonical_url: string;
  source_id: number;
  source_name: string | null;
  published_at: Date | null;
  hunt_score: number;
  score: number;
  snippet: string;
}

/** How many of the newest matches a full-text search ranks (see searchText). */
export const RANKED_CANDIDATES = 2_000;

const SNIPPET_OPTIONS = 'MaxWords=40, MinWords=15, MaxFragments=2, StartSel=«, StopSel=»';

function filters(filter: ArticleSearchFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (filter.sourceId !== undefined) parts.push(Prisma.sql`AND a.source_id = ${filter.sourceId}`);
  if (filter.minHuntScore !== undefined) parts.push(Prisma.sql`AND a.hunt_score >= ${filter.minHuntScore}`);
  return parts.length > 0 ? Prisma.join(parts, ' ') : Prisma.empty;
}

/** Reads of articles for the tools: full-text and vector search, one article with its context. */
export class ArticleReadRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * PostgreSQL full-text search (web-search syntax) over title and content, best match first, on the
   * stored `search_vector` (GIN-indexed). A common word matches a good share of a year's articles; ranking
   * all of them would read every matching vector, so the best are picked among the RANKED_CANDIDATES most
   * recently collected matches (documented with the tool). The snippet is built only for the page's rows.
   */
  searchText(query: string, filter: ArticleSearchFilter): Promise<ArticleHitRow[]> {
    return this.prisma.$queryRaw<ArticleHitRow[]>(Prisma.sql`
      WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS q),
      candidates AS (
        SELECT a.id, a.search_vector
        FROM articles a
        CROSS JOIN q
        WHERE a.search_vector @@ q.q ${filters(filter)}
        ORDER BY a.collected_at DESC, a.id DESC
        LIMIT ${RANKED_CANDIDATES}
      ),
      hits AS (
        SELECT c.id, ts_rank(c.search_vector, q.q)::float8 AS score
        FROM candidates c
        CROSS JOIN q
        ORDER BY score DESC, c.id DESC
        OFFSET ${filter.offset} LIMIT ${filter.take}
      )
      SELECT a.id, a.title, a.canonical_url, a.source_id, s.name AS source_name, a.published_at, a.hunt_score, hits.score,
             ts_headline('english', a.content, q.q, ${SNIPPET_OPTIONS}) AS snippet
      FROM hits
      JOIN articles a ON a.id = hits.id
      JOIN sources s ON s.id = a.source_id
      CROSS JOIN q
      ORDER BY hits.score DESC, a.id DESC`);
  }

  /** Nearest articles by cosine distance among those embedded by `embedderId`. */
  searchByVector(vector: number[], embedderId: string, filter: ArticleSearchFilter): Promise<ArticleHitRow[]> {
    const literal = `[${vector.join(',')}]`;
    return this.prisma.$queryRaw<ArticleHitRow[]>(Prisma.sql`
      SELECT a.id, a.title, a.canonical_url, a.source_id, s.name AS source_name, a.published_at, a.hunt_score,
             (1 - (a.embedding <=> ${literal}::vector))::float8 AS score,
             left(a.content, 300) AS snippet
      FROM articles a
      JOIN sources s ON s.id = a.source_id
      WHERE a.embedding IS NOT NULL AND a.embedding_model = ${embedderId} ${filters(filter)}
      ORDER BY a.embedding <=> ${literal}::vector, a.id DESC
      OFFSET ${filter.offset} LIMIT ${filter.take}`);
  }

  async countEmbedded(embedderId: string): Promise<number> {
    const [row] = await this.prisma.$queryRaw<Array<{ count: number }>>(Prisma.sql`
      SELECT count(*)::int AS count FROM articles WHERE embedding IS NOT NULL AND embedding_model = ${embedderId}`);
    return row?.count ?? 0;
  }

  /** An article's content, score and stored keyword matches (what article_keywords reads). */
  findKeywordMatches(id: number) {
    return this.prisma.article.findUnique({ where: { id }, select: { id: true, content: true, huntScore: true, keywordMatches: true } });
  }

  findWithContext(id: number) {
    return this.prisma.article.findUnique({
      where: { id },
      select: {
        id: true,
        title: true,
        canonicalUrl: true,
        url: true,
        content: true,
        huntScore: true,
        keywordMatches: true,
        publishedAt: true,
        collectedAt: true,
        source: { select: { id: true, identifier: true, name: true } },
        _count: { select: { annotations: true } },
        executions: { select: { id: true, status: true, createdAt: true }, orderBy: { createdAt: 'desc' }, take: 20 },
      },
    });
  }
}
