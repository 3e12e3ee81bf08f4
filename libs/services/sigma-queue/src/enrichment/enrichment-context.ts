import type { ArticleTextReader } from '@huntforge/data';
import type { EnrichmentContext } from '@huntforge/sigma';

/** The article a queued rule came from (title, URL and text), for enrichment. */
export async function loadEnrichmentContext(
  articles: Pick<ArticleTextReader, 'find'>,
  item: { articleId: number | null; workflowExecutionId: number | null },
): Promise<EnrichmentContext> {
  const article = item.articleId ? await articles.find(item.articleId) : null;
  return {
    article: article ? { title: article.title, url: article.url, content: article.content } : undefined,
    execution: { id: item.workflowExecutionId },
    today: new Date().toISOString().slice(0, 10),
  };
}
