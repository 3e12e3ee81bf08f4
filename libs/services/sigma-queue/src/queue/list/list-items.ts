import { SIGMA_QUEUE_STATUSES, type SigmaQueueListQuery, type SigmaQueueStatusValue } from '@huntforge/contracts';
import type { QueueItemRow } from '../../repositories/queue-repository';
import type { QueueDeps } from '../queue-deps';

export interface QueueListing {
  items: QueueItemRow[];
  total: number;
  /** Per status over the whole queue, so a filter can say what each choice holds. */
  counts: Record<SigmaQueueStatusValue, number>;
}

export async function listItems(deps: QueueDeps, query: SigmaQueueListQuery): Promise<QueueListing> {
  const statuses = query.status ? [query.status] : query.statuses;
  const [page, groups] = await Promise.all([
    deps.queue.list({ statuses, workflowExecutionId: query.workflow_execution_id, limit: query.limit, offset: query.offset }),
    deps.queue.countByStatus(query.workflow_execution_id),
  ]);
  const counts = Object.fromEntries(SIGMA_QUEUE_STATUSES.map((status) => [status, 0])) as Record<SigmaQueueStatusValue, number>;
  for (const group of groups) if (group.status in counts) counts[group.status as SigmaQueueStatusValue] = group.count;
  return { ...page, counts };
}
