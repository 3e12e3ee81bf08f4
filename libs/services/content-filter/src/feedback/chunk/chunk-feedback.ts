import type { ContentFilterPorts } from '../../ports';
import { feedbackView } from '../../views';
import { articleNotFound } from '../article-not-found';

export interface ChunkFeedbackDeps {
  articles: Pick<ContentFilterPorts['articles'], 'exists'>;
  feedback: Pick<ContentFilterPorts['feedback'], 'newestForChunk'>;
}

export interface ChunkFeedbackCommand {
  articleId: number;
  chunkId: number;
}

/** One chunk's newest feedback, or null. */
export async function chunkFeedback(deps: ChunkFeedbackDeps, command: ChunkFeedbackCommand) {
  const { articleId, chunkId } = command;
  if (!(await deps.articles.exists(articleId))) throw articleNotFound(articleId);
  const row = await deps.feedback.newestForChunk(articleId, chunkId);
  return { feedback: row ? feedbackView(row) : null };
}
