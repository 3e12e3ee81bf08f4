import type { DeleteArticleResponse } from '@huntforge/contracts/ingestion';
import { notFound } from '../../errors';
import type { IngestionPorts } from '../../ports';

export interface DeleteArticleDeps extends Pick<IngestionPorts, 'logger'> {
  queries: Pick<IngestionPorts['queries'], 'deleteWithReport'>;
}

export interface DeleteArticleCommand {
  articleId: number;
}

/**
 * DELETE /api/articles/{id}: the database cascades to the rows other services own; the answer reports
 * them (removed with the article, or unlinked from it), since ingestion never writes them itself.
 */
export async function deleteArticle(deps: DeleteArticleDeps, command: DeleteArticleCommand): Promise<DeleteArticleResponse> {
  const { articleId } = command;
  const counts = await deps.queries.deleteWithReport(articleId);
  if (!counts) throw notFound('article', articleId);
  deps.logger.info({ articleId, ...counts }, 'article deleted');
  return {
    deleted: true,
    article_id: articleId,
    removed: {
      annotations: counts.annotations,
      chunk_feedback: counts.chunkFeedback,
      chunk_analyses: counts.chunkAnalyses,
      chunk_debug_progress: counts.chunkDebugProgress,
      workflow_executions: counts.workflowExecutions,
    },
    unlinked: {
      sigma_queue_items: counts.sigmaQueueItems,
      evaluation_records: counts.evaluationRecords,
      near_duplicates: counts.nearDuplicates,
    },
  };
}
