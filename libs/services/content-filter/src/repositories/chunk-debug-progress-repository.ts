import type { PrismaClient } from '@huntforge/data';
import type { ChunkDebugPhase } from '@huntforge/contracts/content-filter';
import type { ChunkDebugProgressRecord } from '../records';

export interface ProgressTotals {
  totalChunks: number;
  articleTotalChunks: number;
  chunkLimitApplied: boolean;
}

/** Chunk-debug progress in the shared database, so a poll answered by another replica sees it. */
export class ChunkDebugProgressRepository {
  constructor(private readonly prisma: PrismaClient) {}

  get(articleId: number): Promise<ChunkDebugProgressRecord | null> {
    return this.prisma.chunkDebugProgress.findUnique({ where: { articleId } });
  }

  async start(articleId: number): Promise<void> {
    const data = {
      inProgress: true,
      phase: 'filtering',
      processedChunks: 0,
      totalChunks: 0,
      articleTotalChunks: 0,
      chunkLimitApplied: false,
      error: null,
      startedAt: new Date(),
    };
    await this.prisma.chunkDebugProgress.upsert({ where: { articleId }, create: { articleId, ...data }, update: data });
  }

  async enter(articleId: number, phase: ChunkDebugPhase, totals?: ProgressTotals): Promise<void> {
    await this.prisma.chunkDebugProgress.update({ where: { articleId }, data: { phase, ...totals } });
  }

  async advance(articleId: number, processedChunks: number): Promise<void> {
    await this.prisma.chunkDebugProgress.update({ where: { articleId }, data: { processedChunks } });
  }

  async finish(articleId: number, error?: string): Promise<void> {
    await this.prisma.chunkDebugProgress.update({ where: { articleId }, data: { inProgress: false, phase: null, error: error ?? null } });
  }
}
