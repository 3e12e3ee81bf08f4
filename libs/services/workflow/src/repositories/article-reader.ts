import type { PrismaClient } from '@huntforge/data';

export interface ArticleForRanking {
  id: number;
  title: string;
  url: string;
  content: string;
}

/** Read-only view of an ingested article (ingestion owns the table; the workflow only reads it). */
export function findArticleForRanking(prisma: PrismaClient, id: number): Promise<ArticleForRanking | null> {
  return prisma.article.findUnique({ where: { id }, select: { id: true, title: true, url: true, content: true } });
}
