import type { ContentFilterPorts } from '../../ports';
import { feedbackView } from '../../views';
import { articleNotFound } from '../article-not-found';

export interface ArticleFeedbackDeps {
  articles: Pick<ContentFilterPorts['articles'], 'exists'>;
  feedback: Pick<ContentFilterPorts['feedback'], 'newestPerChunk'>;
}

export interface ArticleFeedbackCommand {
  articleId: number;
}

/** Every chunk's newest feedback on one article, keyed by chunk id. */
export async function articleFeedback(deps: ArticleFeedbackDeps, command: ArticleFeedbackCommand) {
  const { articleId } = command;
  if (!(await deps.articles.exists(articleId))) throw articleNotFound(articleId);
  const rows = await deps.feedback.newestPerChunk(articleId);
  return { article_id: articleId, feedback: Object.fromEntries(rows.map((row) => [String(row.chunkId), feedbackView(row)])) };
}
