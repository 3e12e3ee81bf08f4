import {
  HUNTABILITY_ANNOTATION_LENGTH,
  HUNTABILITY_ANNOTATION_TYPES,
  INGESTION_ERROR_CODES,
  type AnnotationView,
  type CreateAnnotationRequest,
} from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import { notFound } from '../../errors';
import type { IngestionPorts } from '../../ports';
import { annotationView } from './annotation-view';

const codes = INGESTION_ERROR_CODES;

export interface CreateAnnotationDeps {
  queries: Pick<IngestionPorts['queries'], 'content'>;
  annotations: Pick<IngestionPorts['annotations'], 'create'>;
}

export interface CreateAnnotationCommand {
  articleId: number;
  annotation: CreateAnnotationRequest;
  /** The signed-in user the gateway forwarded, if any. */
  createdBy: string | null;
}

/**
 * Huntability annotations (huntable / not_huntable) train the junk filter on about one chunk, so their
 * text must be 950–1050 characters, both ends inclusive. Every annotation must quote the article
 * exactly: selected_text is content[start_position, end_position).
 */
export async function createAnnotation(deps: CreateAnnotationDeps, command: CreateAnnotationCommand): Promise<AnnotationView> {
  const { articleId, annotation: request, createdBy } = command;
  const article = await deps.queries.content(articleId);
  if (!article) throw notFound('article', articleId);
  const length = request.selected_text.length;
  const { min, max } = HUNTABILITY_ANNOTATION_LENGTH;
  if ((HUNTABILITY_ANNOTATION_TYPES as readonly string[]).includes(request.annotation_type) && (length < min || length > max)) {
    throw new HttpError(
      400,
      codes.annotationLength,
      `a ${request.annotation_type} annotation needs ${min}–${max} characters of selected_text, got ${length}`,
      { length, min, max },
    );
  }
  if (request.end_position > article.content.length) {
    throw new HttpError(
      400,
      codes.annotationMismatch,
      `end_position ${request.end_position} is past the end of the content (${article.content.length} characters)`,
      { content_length: article.content.length },
    );
  }
  const actual = article.content.slice(request.start_position, request.end_position);
  if (actual !== request.selected_text) {
    throw new HttpError(400, codes.annotationMismatch, 'selected_text does not equal the content between start_position and end_position', {
      expected_length: actual.length,
      selected_length: length,
    });
  }
  const row = await deps.annotations.create({
    articleId,
    annotationType: request.annotation_type,
    selectedText: request.selected_text,
    startPosition: request.start_position,
    endPosition: request.end_position,
    createdBy,
  });
  return annotationView(row);
}
