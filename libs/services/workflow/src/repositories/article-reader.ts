import type { PrismaClient } from '@huntforge/data';

export interface ArticleForRanking {
  id: number;
  title: string;
  url: string;
  content: string;
}

/** What a run reads of its article. */
export interface ArticleForExecution extends ArticleForRanking {
  huntScore: number;
  publishedAt: Date | null;
}

// Read-only views of an ingested article: ingestion owns the table; the workflow only reads it.

export function findArticleForExecution(prisma: PrismaClient, id: number): Promise<ArticleForExecution | null> {
  return prisma.article.findUnique({ where: { id }, select: { id: true, title: true, url: true, content: true, huntScore: true, publishedAt: true } });
}

/** The hunt score a manual trigger is checked against, or null when there is no such article. */
export function findArticleHuntScore(prisma: PrismaClient, id: number): Promise<{ id: number; huntScore: number } | null> {
  return prisma.article.findUnique({ where: { id }, select: { id: true, huntScore: true } });
}

export function findArticleForRanking(prisma: PrismaClient, id: number): Promise<ArticleForRanking | null> {
  return prisma.article.findUnique({ where: { id }, select: { id: true, title: true, url: true, content: true } });
}
