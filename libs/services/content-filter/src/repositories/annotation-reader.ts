import type { PrismaClient } from '@huntforge/data';
import type { AnnotationRecord } from '../records';

/** Huntability annotation types (ingestion owns annotations; the content filter trains on these two). */
export const HUNTABILITY_TYPES = { huntable: 'huntable', notHuntable: 'not_huntable' } as const;
const TYPES = [HUNTABILITY_TYPES.huntable, HUNTABILITY_TYPES.notHuntable];

/** Reads huntability annotations for training and flags them used after a promotion. */
export class AnnotationReader {
  constructor(private readonly prisma: PrismaClient) {}

  huntability(): Promise<AnnotationRecord[]> {
    return this.prisma.articleAnnotation.findMany({ where: { annotationType: { in: TYPES } }, orderBy: { id: 'asc' } });
  }

  countUnused(): Promise<number> {
    return this.prisma.articleAnnotation.count({ where: { annotationType: { in: TYPES }, usedForTraining: false } });
  }

  async markUsed(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.prisma.articleAnnotation.updateMany({ where: { id: { in: ids } }, data: { usedForTraining: true } });
  }
}
