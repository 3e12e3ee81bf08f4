import type { AnnotationView } from '@huntforge/contracts/ingestion';
import { notFound } from '../../errors';
import type { IngestionPorts } from '../../ports';
import { annotationView } from './annotation-view';

export interface ListAnnotationsDeps {
  queries: Pick<IngestionPorts['queries'], 'exists'>;
  annotations: Pick<IngestionPorts['annotations'], 'listFor'>;
}

export interface ListAnnotationsCommand {
  articleId: number;
}

/** GET /api/articles/{id}/annotations: every annotation of the article. */
export async function listAnnotations(
  deps: ListAnnotationsDeps,
  command: ListAnnotationsCommand,
): Promise<{ article_id: number; annotations: AnnotationView[] }> {
  const { articleId } = command;
  if (!(await deps.queries.exists(articleId))) throw notFound('article', articleId);
  return { article_id: articleId, annotations: (await deps.annotations.listFor(articleId)).map(annotationView) };
}
