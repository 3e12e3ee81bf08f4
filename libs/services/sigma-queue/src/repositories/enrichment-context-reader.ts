import type { PrismaClient } from '@huntforge/data';
import type { EnrichmentContext } from '@huntforge/sigma';

/** Read-only: the article a queued rule came from, for enrichment (title, URL and text). */
export async function loadEnrichmentContext(prisma: PrismaClient, item: { articleId: number | null; workflowExecutionId: number | null }): Promise<EnrichmentContext> {
  const article = item.articleId
    ? await prisma.article.findUnique({ where: { id: item.articleId }, select: { title: true, url: true, content: true } })
    : null;
  return {
    article: article ?? undefined,
    execution: { id: item.workflowExecutionId },
    today: new Date().toISOString().slice(0, 10),
  };
}
