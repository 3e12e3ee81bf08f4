import { sigmaEnqueueBusRequestSchema, type SigmaEnqueueBusResponse } from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import { createItem, transition, type QueueDeps } from './queue-use-cases';

/**
 * Bus request `sigma.queue.enqueue` (the workflow hands over a rule). Idempotent per
 * (workflow_execution_id, rule_yaml): a repeat answers with the existing item. `needs_review`
 * forces the item into needs_review.
 */
export async function handleEnqueue(deps: QueueDeps, payload: unknown): Promise<SigmaEnqueueBusResponse> {
  const parsed = sigmaEnqueueBusRequestSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: { code: 'validation_error', message: parsed.error.message } };
  const input = parsed.data;
  const existing = await deps.queue.findByExecutionAndRule(input.workflow_execution_id, input.rule_yaml);
  if (existing) return { ok: true, queue_id: existing.id, status: existing.status, created: false };
  try {
    let item = await createItem(deps, input);
    if (input.needs_review && item.status === 'pending') {
      item = await transition(deps, item, 'edit', { status: 'needs_review' });
    }
    return { ok: true, queue_id: item.id, status: item.status, created: true };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
    throw error;
  }
}
