import type { PrismaClient } from '@huntforge/data';
import type { AnnotationRecord } from '../records';

export class AnnotationRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create(input: {
    articleId: number;
    annotationType: string;
    selectedText: string;
    startPosition: number;
    endPosition: number;
    createdBy: string | null;
  }): Promise<AnnotationRecord> {
    return this.prisma.articleAnnotation.create({ data: input });
  }

  listFor(articleId: number): Promise<AnnotationRecord[]> {
    return this.prisma.articleAnnotation.findMany({ where: { articleId }, orderBy: [{ startPosition: 'asc' }, { id: 'asc' }] });
  }
}
