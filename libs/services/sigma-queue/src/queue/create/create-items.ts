import { TOPICS, type CreateQueueItemRequest } from '@huntforge/contracts';
import { isForeignKeyViolation } from '@huntforge/data';
import { httpErrors } from '@huntforge/platform';
import type { NewQueueItem, QueueItemRow } from '../../repositories/queue-repository';
import { searchSimilarDocument } from '../../similarity/search-similar';
import { requireValidRule } from '../rule-facts';
import { type QueueDeps, publish, newItem } from '../queue-deps';

/** Queues a rule: validated, compared with the corpus (top 10 kept), `needs_review` when the comparison is inconclusive. */
export async function createItem(deps: QueueDeps, input: CreateQueueItemRequest): Promise<QueueItemRow> {
  const facts = requireValidRule(input.rule_yaml);
  const similarity = await searchSimilarDocument(deps.index, facts.doc, 10);
  const [item] = await createItems(deps, [newItem(input, facts, similarity)]);
  return item as QueueItemRow;
}

/**
 * Inserts rows in one statement (all or none) and announces each. A workflow_execution_id or article_id
 * that does not exist is the caller's mistake, not a 500.
 */
export async function createItems(deps: QueueDeps, rows: NewQueueItem[]): Promise<QueueItemRow[]> {
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
