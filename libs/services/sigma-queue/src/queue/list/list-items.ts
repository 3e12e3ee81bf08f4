import type { SigmaQueueListQuery } from '@huntforge/contracts';
import type { QueueItemRow } from '../../repositories/queue-repository';
import type { QueueDeps } from '../queue-deps';

export function listItems(deps: QueueDeps, query: SigmaQueueListQuery): Promise<{ items: QueueItemRow[]; total: number }> {
  return deps.queue.list({ status: query.status, workflowExecutionId: query.workflow_execution_id, limit: query.limit, offset: query.offset });
}
