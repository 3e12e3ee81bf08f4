import { TOPICS } from '@huntforge/contracts';
import type { SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { httpErrors } from '@huntforge/platform';
import { appendNote, loadItem, publish, type TransitionDeps } from '../queue-items';
import { toQueueItemBody } from '../views';

export type AddReviewNoteDeps = TransitionDeps;

export interface AddReviewNoteCommand {
  queueId: number;
  note: string;
  reviewer?: string;
}

/** Appends a review note without changing the status; retried when another change lands in between. */
export async function addReviewNote(deps: AddReviewNoteDeps, command: AddReviewNoteCommand): Promise<SigmaQueueItemBody> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await loadItem(deps, command.queueId);
    const updated = await deps.queue.updateIfStatus(
      item.id,
      [item.status],
      { reviewNotes: appendNote(item, command.reviewer, command.note) },
      item.updatedAt,
    );
    if (updated) {
      await publish(deps, TOPICS.sigmaQueueChanged, updated);
      return toQueueItemBody(updated);
    }
  }
  throw httpErrors.conflict(`queue item ${command.queueId} kept changing; add the note again`);
}
