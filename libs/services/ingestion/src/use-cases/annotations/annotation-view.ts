import type { AnnotationView } from '@huntforge/contracts/ingestion';
import type { AnnotationRecord } from '../../records';

export const annotationView = (row: AnnotationRecord): AnnotationView => ({
  id: row.id,
  article_id: row.articleId,
  annotation_type: row.annotationType,
  selected_text: row.selectedText,
  start_position: row.startPosition,
  end_position: row.endPosition,
  used_for_training: row.usedForTraining,
  created_at: row.createdAt.toISOString(),
});
