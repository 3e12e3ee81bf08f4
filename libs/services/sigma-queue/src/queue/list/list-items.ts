import {
  SIGMA_QUEUE_STATUSES,
  type SigmaQueueListQuery,
  type SigmaQueueListResponse,
  type SigmaQueueStatusValue,
} from '@huntforge/contracts/sigma';
import { toQueueItemBody } from '../views';
import type { QueueRepository } from '../../repositories/queue-repository';

export interface ListItemsDeps {
  queue: Pick<QueueRepository, 'list' | 'countByStatus'>;
}

/** GET /api/sigma-queue: one page of the queue, with the count per status over the whole queue (so a filter can say what each choice holds). */
export async function listItems(deps: ListItemsDeps, query: SigmaQueueListQuery): Promise<SigmaQueueListResponse> {
  const statuses = query.status ? [query.status] : query.statuses;
  const [page, groups] = await Promise.all([
    deps.queue.list({ statuses, workflowExecutionId: query.workflow_execution_id, limit: query.limit, offset: query.offset }),
    deps.queue.countByStatus(query.workflow_execution_id),
  ]);
  const counts = Object.fromEntries(SIGMA_QUEUE_STATUSES.map((status) => [status, 0])) as Record<SigmaQueueStatusValue, number>;
  for (const group of groups) if (group.status in counts) counts[group.status as SigmaQueueStatusValue] = group.count;
  return { items: page.items.map(toQueueItemBody), total: page.total, limit: query.limit, offset: query.offset, counts };
}
