import { z } from 'zod';

/**
 * Request/reply `sigma.queue.enqueue`: the workflow hands a rule to the review queue. The queue service
 * validates it and compares it with the corpus itself; `needs_review` forces review (e.g. a rule the
 * fidelity check flagged). With `similarity_threshold` the queue applies the promotion rule in the same
 * step: max_similarity >= threshold (inclusive) and not inconclusive → `duplicate`, nothing queued.
 * Idempotent per (workflow_execution_id, rule_yaml): a repeated request, such as one from a run taken over
 * after a worker died, answers with the existing item.
 */
export const sigmaEnqueueBusRequestSchema = z.object({
  rule_yaml: z.string().min(1).max(200_000),
  source: z.enum(['generated', 'publisher']),
  workflow_execution_id: z.number().int().positive(),
  article_id: z.number().int().positive(),
  provenance: z.record(z.string(), z.unknown()).optional(),
  delivery_permitted: z.boolean().optional(),
  needs_review: z.boolean().default(false),
  similarity_threshold: z.number().min(0).max(1).optional(),
});

const similarityFields = {
  max_similarity: z.number().min(0).max(1).nullable(),
  inconclusive: z.boolean(),
  /** Top matches with explanation and attribution (DRL 1.1 author and licence for reference rules). */
  matches: z.array(z.record(z.string(), z.unknown())),
};

export const sigmaEnqueueBusResponseSchema = z.union([
  z.object({ ok: z.literal(true), outcome: z.literal('queued'), queue_id: z.number().int().positive(), status: z.string(), created: z.boolean(), ...similarityFields }),
  z.object({ ok: z.literal(true), outcome: z.literal('duplicate'), ...similarityFields }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }),
]);

export type SigmaEnqueueBusRequest = z.input<typeof sigmaEnqueueBusRequestSchema>;
export type SigmaEnqueueBusResponse = z.infer<typeof sigmaEnqueueBusResponseSchema>;
