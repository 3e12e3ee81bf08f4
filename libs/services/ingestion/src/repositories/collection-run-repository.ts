import type { Prisma, PrismaClient } from '@huntforge/data';
import type { CollectionRunRecord } from '../records';

export type ItemOutcome = 'created' | 'duplicate' | 'near_duplicate' | 'skipped' | 'failed';

export interface RunItem {
  url: string;
  outcome: ItemOutcome;
  article_id: number | null;
  reason: string | null;
}

export interface RunDetail {
  progress: { processed: number; total: number };
  not_modified: boolean;
  items: RunItem[];
}

export const MAX_ITEMS_IN_DETAIL = 200;
/** A run still "running" after this long belongs to a process that died. */
export const STALE_RUN_MS = 60 * 60 * 1000;

export interface RunTotals {
  itemsFound: number;
  articlesCreated: number;
  duplicates: number;
  failures: number;
}

export class CollectionRunRepository {
  constructor(private readonly prisma: PrismaClient) {}

  start(sourceId: number, trigger: 'scheduled' | 'manual'): Promise<CollectionRunRecord> {
    const detail: RunDetail = { progress: { processed: 0, total: 0 }, not_modified: false, items: [] };
    return this.prisma.collectionRun.create({ data: { sourceId, trigger, detail: detail as unknown as Prisma.InputJsonValue } });
  }

  /** The live run of a source, if any (runs older than STALE_RUN_MS do not count). */
  findRunning(sourceId: number, now: Date): Promise<CollectionRunRecord | null> {
    return this.prisma.collectionRun.findFirst({
      where: { sourceId, status: 'running', startedAt: { gt: new Date(now.getTime() - STALE_RUN_MS) } },
      orderBy: { id: 'desc' },
    });
  }

  progress(id: number, totals: RunTotals, detail: RunDetail): Promise<CollectionRunRecord> {
    return this.prisma.collectionRun.update({ where: { id }, data: { ...totals, detail: detail as unknown as Prisma.InputJsonValue } });
  }

  finish(
    id: number,
    status: 'succeeded' | 'failed',
    totals: RunTotals,
    detail: RunDetail,
    error: string | null,
  ): Promise<CollectionRunRecord> {
    return this.prisma.collectionRun.update({
      where: { id },
      data: {
        ...totals,
        status,
        error: error?.slice(0, 2000) ?? null,
        finishedAt: new Date(),
        detail: detail as unknown as Prisma.InputJsonValue,
      },
    });
  }

  find(sourceId: number, runId: number): Promise<CollectionRunRecord | null> {
    return this.prisma.collectionRun.findFirst({ where: { id: runId, sourceId } });
  }

  recent(sourceId: number, limit: number): Promise<CollectionRunRecord[]> {
    return this.prisma.collectionRun.findMany({ where: { sourceId }, orderBy: { id: 'desc' }, take: limit });
  }

  /** Runs left "running" by a process that died: failed, so their sources can be collected again and the history is honest. */
  async failStale(now: Date): Promise<number> {
    const result = await this.prisma.collectionRun.updateMany({
      where: { status: 'running', startedAt: { lte: new Date(now.getTime() - STALE_RUN_MS) } },
      data: { status: 'failed', finishedAt: now, error: 'interrupted: the collecting process stopped before the run finished' },
    });
    return result.count;
  }

  async deleteFinishedBefore(cutoff: Date): Promise<number> {
    return (await this.prisma.collectionRun.deleteMany({ where: { status: { not: 'running' }, startedAt: { lt: cutoff } } })).count;
  }
}
