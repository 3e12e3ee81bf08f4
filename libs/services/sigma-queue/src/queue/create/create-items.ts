import { TOPICS } from '@huntforge/contracts';
import { isForeignKeyViolation } from '@huntforge/data';
import { httpErrors } from '@huntforge/platform';
import type { NewQueueItem, QueueItemRow, QueueRepository } from '../../repositories/queue-repository';
import { publish, type PublishDeps } from '../queue-items';

export interface CreateItemsDeps extends PublishDeps {
  queue: Pick<QueueRepository, 'createMany'>;
}

/**
 * Inserts rows in one statement (all or none) and announces each. A workflow_execution_id or article_id
 * that does not exist is the caller's mistake, not a 500.
 */
export async function createItems(deps: CreateItemsDeps, rows: NewQueueItem[]): Promise<QueueItemRow[]> {
  if (rows.length === 0) return [];
  let items: QueueItemRow[];
  try {
    items = await deps.queue.createMany(rows);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw httpErrors.validation('workflow_execution_id or article_id does not exist', [
        { path: 'body.workflow_execution_id', message: 'must name an existing execution' },
        { path: 'body.article_id', message: 'must name an existing article' },
      ]);
    }
    throw error;
  }
  for (const item of items) {
    await publish(deps, TOPICS.sigmaRuleQueued, item);
    await publish(deps, TOPICS.sigmaQueueChanged, item);
  }
  return items;
}
