import { sigmaEnqueueBusRequestSchema, type SigmaEnqueueBusResponse } from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import { searchSimilar, UnanalysableRuleError } from '../similarity/search-similar';
import { createItem, type QueueDeps } from './queue-use-cases';
import type { QueueItemRow } from '../repositories/queue-repository';

function similarityOf(item: QueueItemRow) {
  return {
    max_similarity: item.maxSimilarity,
    inconclusive: item.similarityInconclusive,
    matches: (Array.isArray(item.matches) ? item.matches : []) as Array<Record<string, unknown>>,
  };
}

/**
 * Bus request `sigma.queue.enqueue` (the workflow hands over a rule). The rule is compared with the corpus
 * once: with `similarity_threshold`, max_similarity >= threshold (inclusive) and a conclusive comparison make
 * it a `duplicate` and nothing is queued; otherwise it is queued with that comparison. Idempotent per
 * (workflow_execution_id, rule_yaml): a repeat answers with the existing item. `needs_review` forces review.
 */
export async function handleEnqueue(deps: QueueDeps, payload: unknown): Promise<SigmaEnqueueBusResponse> {
  const parsed = sigmaEnqueueBusRequestSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: { code: 'validation_error', message: parsed.error.message } };
  const input = parsed.data;
  const existing = await deps.queue.findByExecutionAndRule(input.workflow_execution_id, input.rule_yaml);
  if (existing) return { ok: true, outcome: 'queued', queue_id: existing.id, status: existing.status, created: false, ...similarityOf(existing) };
  try {
    const similarity = await searchSimilar(deps.index, input.rule_yaml, 10);
    const comparison = { max_similarity: similarity.max_similarity, inconclusive: similarity.inconclusive, matches: similarity.matches as Array<Record<string, unknown>> };
    if (input.similarity_threshold !== undefined && !similarity.inconclusive && similarity.max_similarity >= input.similarity_threshold) {
      return { ok: true, outcome: 'duplicate', ...comparison };
    }
    const item = await createItem(deps, input, { similarity, needsReview: input.needs_review });
    return { ok: true, outcome: 'queued', queue_id: item.id, status: item.status, created: true, ...comparison };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
    if (error instanceof UnanalysableRuleError) return { ok: false, error: { code: 'invalid_sigma', message: error.message } };
    throw error;
  }
}
