import type { Prisma, PrismaClient } from '@huntforge/data';
import type { JsonObject, ModelVersionRecord } from '../records';

export interface NewModelVersion {
  version: number;
  featurizerVersion: number;
  metrics: JsonObject;
  metricsSource: 'holdout' | 'training_split';
  evalSetSize: number | null;
  modelFilePath: string;
  secondaryModelFilePath: string;
  trainingSamples: number;
  feedbackSamples: number;
  annotationSamples: number;
  trainingDurationMs: number;
  evaluatedAt: Date | null;
}

export class ModelVersionRepository {
  constructor(private readonly prisma: PrismaClient) {}

  count(): Promise<number> {
    return this.prisma.modelVersion.count();
  }

  findCurrent(): Promise<ModelVersionRecord | null> {
    return this.prisma.modelVersion.findFirst({ where: { isCurrent: true } });
  }

  findByVersion(version: number): Promise<ModelVersionRecord | null> {
    return this.prisma.modelVersion.findUnique({ where: { version } });
  }

  /** Every version with where its artifact copies are recorded, oldest first. */
  listLocations(): Promise<Array<Pick<ModelVersionRecord, 'version' | 'modelFilePath' | 'secondaryModelFilePath'>>> {
    return this.prisma.modelVersion.findMany({
      select: { version: true, modelFilePath: true, secondaryModelFilePath: true },
      orderBy: { version: 'asc' },
    });
  }

  /** The closest older version, or null for the first. */
  findPredecessor(version: number): Promise<ModelVersionRecord | null> {
    return this.prisma.modelVersion.findFirst({ where: { version: { lt: version } }, orderBy: { version: 'desc' } });
  }

  list(options: { skip?: number; take: number; version?: number }): Promise<ModelVersionRecord[]> {
    return this.prisma.modelVersion.findMany({
      where: options.version === undefined ? {} : { version: options.version },
      orderBy: { version: 'desc' },
      skip: options.skip,
      take: options.take,
    });
  }

  countMatching(version?: number): Promise<number> {
    return this.prisma.modelVersion.count({ where: version === undefined ? {} : { version } });
  }

  async nextVersionNumber(): Promise<number> {
    const latest = await this.prisma.modelVersion.aggregate({ _max: { version: true } });
    return (latest._max.version ?? 0) + 1;
  }

  /** Saves a version and makes it the only current one, in one transaction. */
  createCurrent(data: NewModelVersion): Promise<ModelVersionRecord> {
    return this.prisma.$transaction(async (tx) => {
      await tx.modelVersion.updateMany({ where: { isCurrent: true }, data: { isCurrent: false } });
      return tx.modelVersion.create({ data: { ...data, metrics: data.metrics as Prisma.InputJsonValue, isCurrent: true } });
    });
  }

  /** Moves is_current to `version` (the partial unique index allows one current row, so unset first). */
  setCurrent(version: number): Promise<ModelVersionRecord> {
    return this.prisma.$transaction(async (tx) => {
      await tx.modelVersion.updateMany({ where: { isCurrent: true }, data: { isCurrent: false } });
      return tx.modelVersion.update({ where: { version }, data: { isCurrent: true } });
    });
  }

  saveComparison(version: number, comparison: JsonObject): Promise<ModelVersionRecord> {
    return this.prisma.modelVersion.update({ where: { version }, data: { comparison: comparison as Prisma.InputJsonValue } });
  }

  saveEvaluation(version: number, metrics: JsonObject, evalSetSize: number, evaluatedAt: Date): Promise<ModelVersionRecord> {
    return this.prisma.modelVersion.update({
      where: { version },
      data: { metrics: metrics as Prisma.InputJsonValue, evalSetSize, evaluatedAt, metricsSource: 'holdout' },
    });
  }
}
