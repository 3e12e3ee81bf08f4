import type { CreateChunkFeedbackRequest } from '@huntforge/contracts/content-filter';
import type { ContentFilterPorts } from '../../ports';
import { feedbackView } from '../../views';
import { articleNotFound } from '../article-not-found';

export interface SubmitFeedbackDeps {
  articles: Pick<ContentFilterPorts['articles'], 'exists'>;
  feedback: Pick<ContentFilterPorts['feedback'], 'create'>;
}

/** POST /api/feedback/chunk-classification: one user's verdict on one chunk. */
export async function submitFeedback(deps: SubmitFeedbackDeps, command: CreateChunkFeedbackRequest) {
  if (!(await deps.articles.exists(command.article_id))) throw articleNotFound(command.article_id);
  const row = await deps.feedback.create(command);
  return { success: true as const, feedback: feedbackView(row) };
}
