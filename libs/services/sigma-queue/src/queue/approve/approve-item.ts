import type { SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { appendNote, loadItem, transition, type TransitionDeps } from '../queue-items';
import { toQueueItemBody } from '../views';

export type ApproveItemDeps = TransitionDeps;

export interface ApproveItemCommand {
  queueId: number;
  reviewer?: string;
  note?: string;
}

/** POST /api/sigma-queue/{id}/approve: pending or needs_review → approved, with the reviewer's note. */
export async function approveItem(deps: ApproveItemDeps, command: ApproveItemCommand): Promise<SigmaQueueItemBody> {
  const item = await loadItem(deps, command.queueId);
  const notes = appendNote(item, command.reviewer, command.note);
  const approved = await transition(deps, item, 'approve', {
    status: 'approved',
    reviewer: command.reviewer ?? item.reviewer,
    reviewNotes: notes,
    reviewedAt: new Date(),
  });
  return toQueueItemBody(approved);
}
