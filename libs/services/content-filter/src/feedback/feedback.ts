import { CONTENT_FILTER_ERROR_CODES, type CreateChunkFeedbackRequest } from '@huntforge/contracts/content-filter';
import { HttpError } from '@huntforge/platform';
import type { ContentFilterPorts } from '../ports';
import { feedbackView } from '../views';

function articleNotFound(articleId: number): HttpError {
  return new HttpError(404, CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${articleId} does not exist`);
}

export interface SubmitFeedbackDeps {
  articles: Pick<ContentFilterPorts['articles'], 'exists'>;
  feedback: Pick<ContentFilterPorts['feedback'], 'create'>;
}

export interface ArticleFeedbackDeps {
  articles: Pick<ContentFilterPorts['articles'], 'exists'>;
  feedback: Pick<ContentFilterPorts['feedback'], 'newestPerChunk'>;
}

export interface ChunkFeedbackDeps {
  articles: Pick<ContentFilterPorts['articles'], 'exists'>;
  feedback: Pick<ContentFilterPorts['feedback'], 'newestForChunk'>;
}

/** POST /api/feedback/chunk-classification: one user's verdict on one chunk. */
export async function submitFeedback(deps: SubmitFeedbackDeps, input: CreateChunkFeedbackRequest) {
  if (!(await deps.articles.exists(input.article_id))) throw articleNotFound(input.article_id);
  const row = await deps.feedback.create(input);
  return { success: true as const, feedback: feedbackView(row) };
}

/** Every chunk's newest feedback on one article, keyed by chunk id. */
export async function articleFeedback(deps: ArticleFeedbackDeps, { articleId }: { articleId: number }) {
  if (!(await deps.articles.exists(articleId))) throw articleNotFound(articleId);
  const rows = await deps.feedback.newestPerChunk(articleId);
  return { article_id: articleId, feedback: Object.fromEntries(rows.map((row) => [String(row.chunkId), feedbackView(row)])) };
}

/** One chunk's newest feedback, or null. */
export async function chunkFeedback(deps: ChunkFeedbackDeps, { articleId, chunkId }: { articleId: number; chunkId: number }) {
  if (!(await deps.articles.exists(articleId))) throw articleNotFound(articleId);
  const row = await deps.feedback.newestForChunk(articleId, chunkId);
  return { feedback: row ? feedbackView(row) : null };
}
