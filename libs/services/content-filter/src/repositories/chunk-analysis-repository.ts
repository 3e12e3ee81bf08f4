import { isForeignKeyViolation, type PrismaClient } from '@huntforge/data';
import type { ChunkDecision } from '@huntforge/contracts/content-filter';

export interface TimelineRow {
  modelVersion: number;
  total: number;
  huntable: number;
  kept: number;
}

/** Stored per-chunk decisions, one set per (article, model version). */
export class ChunkAnalysisRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Replaces the article's analyses for this model version; false when the article does not exist.
   * One statement (rows no longer produced are deleted, the others upserted), so it is atomic without a
   * transaction; raw SQL with the rows as one JSON parameter because the ORM's createMany is compiled anew
   * on every call, which on PGlite costs more than the write, and every workflow run writes these.
   */
  async replace(articleId: number, modelVersion: number, decisions: readonly ChunkDecision[]): Promise<boolean> {
    const rows = decisions.map((decision) => ({
      chunk_id: decision.chunk_id,
      chunk_start: decision.start,
      chunk_end: decision.end,
      label: decision.label,
      confidence: decision.confidence,
      has_perfect_keyword: decision.perfect_keywords.length > 0,
      kept: decision.kept,
      features: decision.top_features,
    }));
    try {
      await this.prisma.$executeRaw`
        WITH incoming AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
            chunk_id int, chunk_start int, chunk_end int, label text, confidence float8, has_perfect_keyword boolean, kept boolean, features jsonb)
        ), gone AS (
          DELETE FROM chunk_analyses
          WHERE article_id = ${articleId}::int AND model_version = ${modelVersion}::int AND chunk_id NOT IN (SELECT chunk_id FROM incoming)
        )
        INSERT INTO chunk_analyses (article_id, chunk_id, chunk_start, chunk_end, model_version, label, confidence, has_perfect_keyword, kept, features)
        SELECT ${articleId}::int, chunk_id, chunk_start, chunk_end, ${modelVersion}::int, label, confidence, has_perfect_keyword, kept, features FROM incoming
        ON CONFLICT (article_id, chunk_id, model_version) DO UPDATE SET
          chunk_start = EXCLUDED.chunk_start, chunk_end = EXCLUDED.chunk_end, label = EXCLUDED.label, confidence = EXCLUDED.confidence,
          has_perfect_keyword = EXCLUDED.has_perfect_keyword, kept = EXCLUDED.kept, features = EXCLUDED.features, created_at = now()`;
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  /** Articles that have analyses under any version (the rollback backfill re-scores these). */
  async analysedArticleIds(): Promise<number[]> {
    const rows = await this.prisma.chunkAnalysis.findMany({
      distinct: ['articleId'],
      select: { articleId: true },
      orderBy: { articleId: 'asc' },
    });
    return rows.map((row) => row.articleId);
  }

  async timeline(): Promise<TimelineRow[]> {
    const [totals, huntable, kept] = await Promise.all([
      this.prisma.chunkAnalysis.groupBy({ by: ['modelVersion'], _count: { _all: true } }),
      this.prisma.chunkAnalysis.groupBy({ by: ['modelVersion'], where: { label: 'Huntable' }, _count: { _all: true } }),
      this.prisma.chunkAnalysis.groupBy({ by: ['modelVersion'], where: { kept: true }, _count: { _all: true } }),
    ]);
    const countOf = (rows: typeof totals, version: number) => rows.find((row) => row.modelVersion === version)?._count._all ?? 0;
    return totals
      .map((row) => ({
        modelVersion: row.modelVersion,
        total: row._count._all,
        huntable: countOf(huntable, row.modelVersion),
        kept: countOf(kept, row.modelVersion),
      }))
      .sort((a, b) => a.modelVersion - b.modelVersion);
  }
}
