import type { ArticleDetail } from '@huntforge/contracts/ingestion';
import { notFound } from '../../errors';
import type { IngestionPorts } from '../../ports';
import { articleDetail } from './article-views';

export interface GetArticleDeps {
  queries: Pick<IngestionPorts['queries'], 'detail'>;
}

export interface GetArticleCommand {
  articleId: number;
}

/** GET /api/articles/{id}: the article with its content, hunt-score breakdown and near duplicates. */
export async function getArticle(deps: GetArticleDeps, command: GetArticleCommand): Promise<ArticleDetail> {
  const row = await deps.queries.detail(command.articleId);
  if (!row) throw notFound('article', command.articleId);
  return articleDetail(row);
}
