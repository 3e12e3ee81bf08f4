import type { PrismaClient } from '@huntforge/data';
import type { ChunkFeedbackRecord } from '../records';
import type { CreateChunkFeedbackRequest } from '@huntforge/contracts/content-filter';

/** Chunk classification feedback (owned by the content filter). */
export class FeedbackRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create(input: CreateChunkFeedbackRequest): Promise<ChunkFeedbackRecord> {
    return this.prisma.chunkClassificationFeedback.create({
      data: {
        articleId: input.article_id,
        chunkId: input.chunk_id,
        chunkText: input.chunk_text,
        modelClassification: input.model_classification,
        modelConfidence: input.model_confidence,
        modelReason: input.model_reason ?? null,
        isCorrect: input.is_correct,
        userClassification: input.user_classification ?? null,
        comment: input.comment ?? null,
      },
    });
  }

  /** The newest row per chunk of one article. */
  async newestPerChunk(articleId: number): Promise<ChunkFeedbackRecord[]> {
    const rows = await this.prisma.chunkClassificationFeedback.findMany({
      where: { articleId },
      orderBy: [{ chunkId: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
    });
    return newestOfEachChunk(rows);
  }

  newestForChunk(articleId: number, chunkId: number): Promise<ChunkFeedbackRecord | null> {
    return this.prisma.chunkClassificationFeedback.findFirst({
      where: { articleId, chunkId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  /** Every chunk's newest feedback across articles (training uses one verdict per chunk) and all row ids read. */
  async newestOverall(): Promise<{ newest: ChunkFeedbackRecord[]; allIds: number[] }> {
    const rows = await this.prisma.chunkClassificationFeedback.findMany({
      orderBy: [{ articleId: 'asc' }, { chunkId: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
    });
    return { newest: newestOfEachChunk(rows), allIds: rows.map((row) => row.id) };
  }

  countUnused(): Promise<number> {
    return this.prisma.chunkClassificationFeedback.count({ where: { usedForTraining: false } });
  }

  async markUsed(ids: number[]): Promise<void> {
    if (ids.length > 0)
      await this.prisma.chunkClassificationFeedback.updateMany({ where: { id: { in: ids } }, data: { usedForTraining: true } });
  }
}

function newestOfEachChunk(rows: ChunkFeedbackRecord[]): ChunkFeedbackRecord[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.articleId}:${row.chunkId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
