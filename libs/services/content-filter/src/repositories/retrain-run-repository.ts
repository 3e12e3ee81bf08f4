import type { Prisma, PrismaClient } from '@huntforge/data';
import type { JsonObject, RetrainRunRecord } from '../records';

export type RunStatus = 'starting' | 'loading' | 'training' | 'evaluating' | 'complete' | 'error';

export interface RunUpdate {
  status?: RunStatus;
  progress?: number;
  message?: string | null;
  newVersion?: number | null;
  result?: JsonObject;
  finishedAt?: Date;
}

/** Retrain attempts and their progress, in the database so every replica answers retrain-status alike. */
export class RetrainRunRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create(requestedBy: string | null): Promise<RetrainRunRecord> {
    return this.prisma.modelRetrainRun.create({ data: { status: 'starting', progress: 0, requestedBy } });
  }

  update(id: number, update: RunUpdate): Promise<RetrainRunRecord> {
    const { result, ...rest } = update;
    return this.prisma.modelRetrainRun.update({
      where: { id },
      data: { ...rest, ...(result === undefined ? {} : { result: result as Prisma.InputJsonValue }) },
    });
  }

  latest(): Promise<RetrainRunRecord | null> {
    return this.prisma.modelRetrainRun.findFirst({ orderBy: { id: 'desc' } });
  }

  findById(id: number): Promise<RetrainRunRecord | null> {
    return this.prisma.modelRetrainRun.findUnique({ where: { id } });
  }

  /** Runs left unfinished by a process that died: marked error so status does not stay "training" forever. */
  /** Resolves with how many runs were marked. */
  async failUnfinished(message: string): Promise<number> {
    const { count } = await this.prisma.modelRetrainRun.updateMany({
      where: { status: { in: ['starting', 'loading', 'training', 'evaluating'] } },
      data: { status: 'error', message, finishedAt: new Date() },
    });
    return count;
  }
}
