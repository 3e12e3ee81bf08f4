import { TOPICS } from '@huntforge/contracts';
import { httpErrors } from '@huntforge/platform';
import type { QueueItemRow } from '../../repositories/queue-repository';
import { type QueueDeps, getItem, publish, appendNote } from '../queue-deps';

/** Appends a review note without changing the status; retried when another change lands in between. */
export async function addReviewNote(deps: QueueDeps, id: number, input: { note: string; reviewer?: string }): Promise<QueueItemRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await getItem(deps, id);
    const updated = await deps.queue.updateIfStatus(
      item.id,
      [item.status],
      { reviewNotes: appendNote(item, input.reviewer, input.note) },
      item.updatedAt,
    );
    if (updated) {
      await publish(deps, TOPICS.sigmaQueueChanged, updated);
      return updated;
    }
  }
  throw httpErrors.conflict(`queue item ${id} kept changing; add the note again`);
}
