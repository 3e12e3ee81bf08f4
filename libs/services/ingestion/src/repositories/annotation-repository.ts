import type { ArticleAnnotation, PrismaClient } from '@huntforge/data';

export class AnnotationRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create(input: { articleId: number; annotationType: string; selectedText: string; startPosition: number; endPosition: number; createdBy: string | null }): Promise<ArticleAnnotation> {
    return this.prisma.articleAnnotation.create({ data: input });
  }

  listFor(articleId: number): Promise<ArticleAnnotation[]> {
    return this.prisma.articleAnnotation.findMany({ where: { articleId }, orderBy: [{ startPosition: 'asc' }, { id: 'asc' }] });
  }
}
