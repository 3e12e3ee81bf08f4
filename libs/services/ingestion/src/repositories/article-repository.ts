import { detailOf, isUniqueViolation, Prisma, type PrismaClient } from '@huntforge/data';
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../dedup/fingerprints';
import type { HuntScoreFields, StaleHuntScore } from '../records';

export interface NewArticle {
  sourceId: number;
  canonicalUrl: string;
  url: string;
  title: string;
  content: string;
  contentHash: string;
  simhash: bigint;
  simhashBands: number[];
  duplicateOfId: number | null;
  huntScore: number;
  keywordMatches: Record<string, string[]>;
  publishedAt: Date | null;
  metadata: Record<string, unknown>;
}

export interface ArticleEmbedding {
  vector: number[];
  model: string;
}

export interface NearDuplicate {
  id: number;
  duplicateOfId: number | null;
  /** Hamming distance between the two SimHashes, at most NEAR_DUPLICATE_MAX_DISTANCE. */
  distance: number;
}

export type UniqueField = 'canonical_url' | 'content_hash';

/** The unique index an insert collided with, or null for any other error (ORM P2002 and raw-query 23505 alike). */
export function uniqueViolationOf(error: unknown): UniqueField | null {
  if (!isUniqueViolation(error)) return null;
  const text = detailOf(error);
  if (/content_hash|contentHash/.test(text)) return 'content_hash';
  if (/canonical_url|canonicalUrl/.test(text)) return 'canonical_url';
  return null;
}

export const vectorLiteral = (vector: number[]): string => `[${vector.map((value) => (Number.isFinite(value) ? value : 0)).join(',')}]`;

/** Writes and reads of the Article aggregate that the use cases share (listing lives in article-queries). */
export class ArticleRepository {
  constructor(private readonly prisma: PrismaClient) {}

  // The per-item queries of a collection use raw SQL: on PGlite a Prisma ORM round trip costs several
  // times the query itself, and these run a few times for every feed item.
  async idByCanonicalUrl(canonicalUrl: string): Promise<number | null> {
    const [row] = await this.prisma.$queryRaw<Array<{ id: number }>>`SELECT id FROM articles WHERE canonical_url = ${canonicalUrl}`;
    return row?.id ?? null;
  }

  async idByContentHash(contentHash: string): Promise<number | null> {
    const [row] = await this.prisma.$queryRaw<Array<{ id: number }>>`SELECT id FROM articles WHERE content_hash = ${contentHash}`;
    return row?.id ?? null;
  }

  /** Which of these canonical URLs are stored already (one query for a whole feed). */
  async idsByCanonicalUrls(canonicalUrls: string[]): Promise<Map<string, number>> {
    if (canonicalUrls.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<Array<{ id: number; canonical_url: string }>>`
      SELECT id, canonical_url FROM articles WHERE canonical_url = ANY(${canonicalUrls}::text[])`;
    return new Map(rows.map((row) => [row.canonical_url, row.id]));
  }

  /**
   * Stored articles within NEAR_DUPLICATE_MAX_DISTANCE of a SimHash, nearest first: the candidates share a band
   * (GIN index on simhash_bands) and the distance is measured in SQL, so a band many articles share (boilerplate
   * pages of one feed) never ships its thousands of rows to be measured here.
   */
  nearDuplicates(fingerprint: { value: bigint; bands: number[] }, excludeId: number | null, limit = 1_000): Promise<NearDuplicate[]> {
    const distance = Prisma.sql`bit_count((simhash # ${fingerprint.value}::bigint)::bit(64))`;
    return this.prisma.$queryRaw<NearDuplicate[]>`
      SELECT id, duplicate_of_id AS "duplicateOfId", distance FROM (
        SELECT id, duplicate_of_id, ${distance}::int AS distance FROM articles
        WHERE simhash_bands && ${fingerprint.bands}::int[] AND id <> ${excludeId ?? 0}
      ) near
      WHERE distance <= ${NEAR_DUPLICATE_MAX_DISTANCE}
      ORDER BY distance, id
      LIMIT ${limit}`;
  }

  /**
   * Inserts the article with its embedding in one statement (the vector column is outside Prisma's
   * model) and links it to its nearest near duplicate: a stored article sharing a SimHash band (GIN
   * index) within Hamming distance NEAR_DUPLICATE_MAX_DISTANCE, pointing at the original of its chain.
   * A collision on canonical_url or content_hash throws (see uniqueViolationOf).
   */
  async insert(article: NewArticle, embedding: ArticleEmbedding | null): Promise<{ id: number; duplicateOfId: number | null }> {
    const distance = Prisma.sql`bit_count((near.simhash # ${article.simhash}::bigint)::bit(64))`;
    const [row] = await this.prisma.$queryRaw<Array<{ id: number; duplicateOfId: number | null }>>`
      INSERT INTO articles (source_id, canonical_url, url, title, content, content_hash, simhash, simhash_bands, duplicate_of_id,
        hunt_score, keyword_matches, published_at, metadata, embedding, embedding_model, embedded_at, updated_at)
      VALUES (${article.sourceId}, ${article.canonicalUrl}, ${article.url}, ${article.title}, ${article.content}, ${article.contentHash},
        ${article.simhash}, ${article.simhashBands}::int[],
        COALESCE(${article.duplicateOfId}::int, (
          SELECT COALESCE(near.duplicate_of_id, near.id) FROM articles near
          WHERE near.simhash_bands && ${article.simhashBands}::int[] AND ${distance} <= ${NEAR_DUPLICATE_MAX_DISTANCE}
          ORDER BY ${distance}, COALESCE(near.duplicate_of_id, near.id) LIMIT 1)),
        ${article.huntScore}, ${JSON.stringify(article.keywordMatches)}::jsonb, ${article.publishedAt}, ${JSON.stringify(article.metadata)}::jsonb,
        ${embedding ? vectorLiteral(embedding.vector) : null}::vector, ${embedding?.model ?? null}, ${embedding ? new Date() : null}, now())
      RETURNING id, duplicate_of_id AS "duplicateOfId"`;
    return row;
  }

  /** Articles whose hunt score was computed with another keyword registry than `registry` (or none recorded), in id order. */
  scoredWithOtherRegistry(registry: string, afterId: number, limit: number): Promise<StaleHuntScore[]> {
    return this.prisma.$queryRaw<StaleHuntScore[]>`
      SELECT id, title, content, hunt_score AS "huntScore" FROM articles
      WHERE id > ${afterId} AND (metadata->>'hunt_registry') IS DISTINCT FROM ${registry}
      ORDER BY id LIMIT ${limit}`;
  }

  /** Writes a hunt score computed again: the score, its matches, its points and registry in metadata; nothing else. */
  async setHuntScore(id: number, fields: HuntScoreFields): Promise<void> {
    const metadata = { hunt_score_points: fields.points, hunt_registry: fields.registry };
    await this.prisma.$executeRaw`
      UPDATE articles SET hunt_score = ${fields.huntScore}, keyword_matches = ${JSON.stringify(fields.keywordMatches)}::jsonb,
        metadata = COALESCE(metadata, '{}'::jsonb) || ${JSON.stringify(metadata)}::jsonb
      WHERE id = ${id}`;
  }

  /** Refreshes a stored article in place (manual re-scrape with force_scrape). */
  async replaceContent(
    id: number,
    article: Omit<NewArticle, 'sourceId' | 'canonicalUrl'>,
    embedding: ArticleEmbedding | null,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.article.update({
        where: { id },
        data: {
          ...article,
          keywordMatches: article.keywordMatches as Prisma.InputJsonValue,
          metadata: article.metadata as Prisma.InputJsonValue,
          embeddedAt: null,
          embeddingModel: null,
        },
      });
      await tx.$executeRaw`UPDATE articles SET embedding = NULL WHERE id = ${id}`;
      if (embedding) await setEmbedding(tx, id, embedding);
    });
  }

  async setEmbedding(id: number, embedding: ArticleEmbedding): Promise<void> {
    await setEmbedding(this.prisma, id, embedding);
  }

  /** Articles without a vector from `model` (never embedded, or embedded by another model), oldest first. */
  needingEmbedding(model: string, limit: number): Promise<Array<{ id: number; title: string; content: string }>> {
    return this.prisma.article.findMany({
      where: { OR: [{ embeddedAt: null }, { embeddingModel: { not: model } }, { embeddingModel: null }] },
      select: { id: true, title: true, content: true },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }
}

type SqlRunner = Pick<PrismaClient, '$executeRaw'>;

async function setEmbedding(runner: SqlRunner, id: number, embedding: ArticleEmbedding): Promise<void> {
  await runner.$executeRaw`
    UPDATE articles SET embedding = ${vectorLiteral(embedding.vector)}::vector, embedding_model = ${embedding.model}, embedded_at = now()
    WHERE id = ${id}`;
}
