import type { Prisma, PrismaClient } from '@huntforge/data';
import type { ChunkDecision } from '@huntforge/contracts';

export interface TimelineRow {
  modelVersion: number;
  total: number;
  huntable: number;
  kept: number;
}

/** Stored per-chunk decisions, one set per (article, model version). */
export class ChunkAnalysisRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Replaces the article's analyses for this model version; false when the article does not exist. */
  async replace(articleId: number, modelVersion: number, decisions: readonly ChunkDecision[]): Promise<boolean> {
    const rows: Prisma.ChunkAnalysisCreateManyInput[] = decisions.map((decision) => ({
      articleId,
      chunkId: decision.chunk_id,
      chunkStart: decision.start,
      chunkEnd: decision.end,
      modelVersion,
      label: decision.label,
      confidence: decision.confidence,
      hasPerfectKeyword: decision.perfect_keywords.length > 0,
      kept: decision.kept,
      features: decision.top_features as unknown as Prisma.InputJsonValue,
    }));
    try {
      await this.prisma.$transaction([
        this.prisma.chunkAnalysis.deleteMany({ where: { articleId, modelVersion } }),
        this.prisma.chunkAnalysis.createMany({ data: rows }),
      ]);
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'P2003') return false;
      throw error;
    }
  }

  /** Articles that have analyses under any version (the rollback backfill re-scores these). */
  async analysedArticleIds(): Promise<number[]> {
    const rows = await this.prisma.chunkAnalysis.findMany({ distinct: ['articleId'], select: { articleId: true }, orderBy: { articleId: 'asc' } });
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
      .map((row) => ({ modelVersion: row.modelVersion, total: row._count._all, huntable: countOf(huntable, row.modelVersion), kept: countOf(kept, row.modelVersion) }))
      .sort((a, b) => a.modelVersion - b.modelVersion);
  }
}
