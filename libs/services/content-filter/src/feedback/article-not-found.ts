import { CONTENT_FILTER_ERROR_CODES } from '@huntforge/contracts/content-filter';
import { HttpError } from '@huntforge/platform';

/** The 404 a feedback route answers for an article that does not exist. */
export function articleNotFound(articleId: number): HttpError {
  return new HttpError(404, CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${articleId} does not exist`);
}
