import type { ModelRetrainRun, Prisma, PrismaClient } from '@huntforge/data';

export type RunStatus = 'starting' | 'loading' | 'training' | 'evaluating' | 'complete' | 'error';

export interface RunUpdate {
  status?: RunStatus;
  progress?: number;
  message?: string | null;
  newVersion?: number | null;
  result?: Prisma.InputJsonValue;
  finishedAt?: Date;
}

/** Retrain attempts and their progress, in the database so every replica answers retrain-status alike. */
export class RetrainRunRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create(requestedBy: string | null): Promise<ModelRetrainRun> {
    return this.prisma.modelRetrainRun.create({ data: { status: 'starting', progress: 0, requestedBy } });
  }

  update(id: number, update: RunUpdate): Promise<ModelRetrainRun> {
    return this.prisma.modelRetrainRun.update({ where: { id }, data: update });
  }

  latest(): Promise<ModelRetrainRun | null> {
    return this.prisma.modelRetrainRun.findFirst({ orderBy: { id: 'desc' } });
  }

  findById(id: number): Promise<ModelRetrainRun | null> {
    return this.prisma.modelRetrainRun.findUnique({ where: { id } });
  }

  /** Runs left unfinished by a process that died: marked error so status does not stay "training" forever. */
  failUnfinished(message: string): Promise<Prisma.BatchPayload> {
    return this.prisma.modelRetrainRun.updateMany({
      where: { status: { in: ['starting', 'loading', 'training', 'evaluating'] } },
      data: { status: 'error', message, finishedAt: new Date() },
    });
  }
}
