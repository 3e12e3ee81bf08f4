import { SIGMA_ERROR_CODES, type SigmaQueueStatusValue } from '@huntforge/contracts/sigma';
import { HttpError } from '@huntforge/platform';

export type QueueAction = 'approve' | 'reject' | 'submit' | 'edit' | 'enrich';

/** The statuses each action may start from: pending | needs_review → approved | rejected; approved → submitted. */
export const ALLOWED_FROM: Record<QueueAction, readonly SigmaQueueStatusValue[]> = {
  approve: ['pending', 'needs_review'],
  reject: ['pending', 'needs_review'],
  submit: ['approved'],
  edit: ['pending', 'needs_review'],
  enrich: ['pending', 'needs_review'],
};

export function invalidTransition(id: number, status: SigmaQueueStatusValue, action: QueueAction): HttpError {
  return new HttpError(409, SIGMA_ERROR_CODES.invalidTransition, `Queue item ${id} is ${status}; cannot ${action} it`, {
    status,
    action,
    allowed_from: ALLOWED_FROM[action],
  });
}

export function assertCan(id: number, status: SigmaQueueStatusValue, action: QueueAction): void {
  if (!ALLOWED_FROM[action].includes(status)) throw invalidTransition(id, status, action);
}
