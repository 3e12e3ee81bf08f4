import type { QueueItemRow } from '../../repositories/queue-repository';
import { type QueueDeps, getItem, transition, appendNote } from '../queue-deps';

export async function approveItem(deps: QueueDeps, id: number, input: { reviewer?: string; note?: string }): Promise<QueueItemRow> {
  const item = await getItem(deps, id);
  const notes = appendNote(item, input.reviewer, input.note);
  return transition(deps, item, 'approve', {
    status: 'approved',
    reviewer: input.reviewer ?? item.reviewer,
    reviewNotes: notes,
    reviewedAt: new Date(),
  });
}
