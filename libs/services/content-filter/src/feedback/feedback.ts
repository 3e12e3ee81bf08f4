import { CONTENT_FILTER_ERROR_CODES, type CreateChunkFeedbackRequest } from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import type { ContentFilterDeps } from '../deps';
import { feedbackView } from '../views';

function articleNotFound(articleId: number): HttpError {
  return new HttpError(404, CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${articleId} does not exist`);
}

export async function submitFeedback(deps: ContentFilterDeps, input: CreateChunkFeedbackRequest) {
  if (!(await deps.articles.exists(input.article_id))) throw articleNotFound(input.article_id);
  const row = await deps.feedback.create(input);
  return { success: true as const, feedback: feedbackView(row) };
}

export async function articleFeedback(deps: ContentFilterDeps, articleId: number) {
  if (!(await deps.articles.exists(articleId))) throw articleNotFound(articleId);
  const rows = await deps.feedback.newestPerChunk(articleId);
  return { article_id: articleId, feedback: Object.fromEntries(rows.map((row) => [String(row.chunkId), feedbackView(row)])) };
}

export async function chunkFeedback(deps: ContentFilterDeps, articleId: number, chunkId: number) {
  if (!(await deps.articles.exists(articleId))) throw articleNotFound(articleId);
  const row = await deps.feedback.newestForChunk(articleId, chunkId);
  return { feedback: row ? feedbackView(row) : null };
}
