import { z } from 'zod';

/**
 * Request/reply `sigma.queue.enqueue`: the workflow hands a rule to the review queue. The queue service
 * validates it and compares it with the corpus itself; `needs_review` forces review (e.g. a rule the
 * fidelity check flagged). Idempotent per (workflow_execution_id, rule_yaml): a repeated request, such as
 * one from a run taken over after a worker died, answers with the existing item.
 */
export const sigmaEnqueueBusRequestSchema = z.object({
  rule_yaml: z.string().min(1).max(200_000),
  source: z.enum(['generated', 'publisher']),
  workflow_execution_id: z.number().int().positive(),
  article_id: z.number().int().positive(),
  provenance: z.record(z.string(), z.unknown()).optional(),
  delivery_permitted: z.boolean().optional(),
  needs_review: z.boolean().default(false),
});

export const sigmaEnqueueBusResponseSchema = z.union([
  z.object({ ok: z.literal(true), queue_id: z.number().int().positive(), status: z.string(), created: z.boolean() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }),
]);

export type SigmaEnqueueBusRequest = z.input<typeof sigmaEnqueueBusRequestSchema>;
export type SigmaEnqueueBusResponse = z.infer<typeof sigmaEnqueueBusResponseSchema>;
