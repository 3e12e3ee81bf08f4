import type { SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { appendNote, loadItem, transition, type TransitionDeps } from '../queue-items';
import { toQueueItemBody } from '../views';

export type RejectItemDeps = TransitionDeps;

export interface RejectItemCommand {
  queueId: number;
  reason: string;
  reviewer?: string;
}

/** POST /api/sigma-queue/{id}/reject: pending or needs_review → rejected, with the reason. */
export async function rejectItem(deps: RejectItemDeps, command: RejectItemCommand): Promise<SigmaQueueItemBody> {
  const item = await loadItem(deps, command.queueId);
  const rejected = await transition(deps, item, 'reject', {
    status: 'rejected',
    rejectionReason: command.reason,
    reviewer: command.reviewer ?? item.reviewer,
    reviewNotes: appendNote(item, command.reviewer, `rejected: ${command.reason}`),
    reviewedAt: new Date(),
  });
  return toQueueItemBody(rejected);
}
