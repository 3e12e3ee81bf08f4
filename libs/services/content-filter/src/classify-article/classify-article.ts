import { CONTENT_FILTER_ERROR_CODES, type ClassifyArticleRequest, type ClassifyArticleResponse } from '@huntforge/contracts/content-filter';
import { busReplyError } from '@huntforge/contracts/messages';
import { classificationOf, type ClassifyDeps } from '../classification/classify';
import { liveDecisions } from '../classification/live-decisions';
import { defaultThreshold } from '../classification/threshold';
import { platformOf } from '../detect-os/detect-os';

/**
 * The `content-filter.classify-article` question: one classification of the article answers both the junk
 * filter (every chunk's decision, the kept text, stored as the article's chunk analyses) and the platform
 * detection over the kept chunks. The text is the caller's copy when it sent one, else the stored content.
 */
export async function classifyArticle(deps: ClassifyDeps, request: ClassifyArticleRequest): Promise<ClassifyArticleResponse> {
  const articleId = request.article_id;
  const content = request.text ?? (await deps.articles.find(articleId))?.content;
  if (content === undefined) return busReplyError(CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${articleId} does not exist`);
  const threshold = request.threshold ?? (await defaultThreshold(deps.settings));
  const { version, decisions } = await liveDecisions(deps.model, content, { threshold, topFeatures: request.top_features ?? 0 });
  if (!(await deps.analyses.replace(articleId, version, decisions))) {
    return busReplyError(CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${articleId} does not exist`);
  }
  return {
    classification: classificationOf(articleId, version, threshold, content, decisions),
    platform: platformOf({ articleId, content, version, threshold }, decisions),
  };
}
