import type { QueueItemRow } from '../../repositories/queue-repository';
import { type QueueDeps, getItem, transition, appendNote } from '../queue-deps';

export async function rejectItem(deps: QueueDeps, id: number, input: { reason: string; reviewer?: string }): Promise<QueueItemRow> {
  const item = await getItem(deps, id);
  return transition(deps, item, 'reject', {
    status: 'rejected',
    rejectionReason: input.reason,
    reviewer: input.reviewer ?? item.reviewer,
    reviewNotes: appendNote(item, input.reviewer, `rejected: ${input.reason}`),
    reviewedAt: new Date(),
  });
}
