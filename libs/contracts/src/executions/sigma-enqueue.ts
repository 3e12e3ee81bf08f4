import { z } from 'zod';
import { busReplyErrorSchema } from '../messages/bus-reply';

/** One rule handed to the queue. `needs_review` forces review (e.g. a rule the fidelity check flagged). */
export const sigmaEnqueueRuleSchema = z.object({
  rule_yaml: z.string().min(1).max(200_000),
  /**
   * The mapping `rule_yaml` loads to, as the workflow already holds it (a generated rule object, or text it
   * parsed once): the queue reads it instead of parsing the text again. It must be what the text says.
   */
  rule_document: z.record(z.string(), z.unknown()).optional(),
  source: z.enum(['generated', 'publisher']),
  provenance: z.record(z.string(), z.unknown()).optional(),
  delivery_permitted: z.boolean().optional(),
  needs_review: z.boolean().default(false),
  /**
   * With a threshold the queue applies the promotion rule in the same step as its comparison:
   * max_similarity >= threshold (inclusive) and not inconclusive → `duplicate`, nothing queued; a rule
   * as close to an open or approved queue item → `linked` to that item, nothing queued.
   */
  similarity_threshold: z.number().min(0).max(1).optional(),
});

/**
 * Request/reply `sigma.queue.enqueue`: the workflow hands over all the rules of one execution step at
 * once (one request and one transaction instead of one per rule). The queue validates every rule and
 * compares it with the corpus itself. A generated rule must be valid Sigma (otherwise the whole request is
 * refused with `invalid_sigma` and nothing is queued); a publisher rule is queued even when invalid, as
 * `needs_review` with its findings, because it is the publisher's text kept verbatim.
 * Idempotent per (workflow_execution_id, rule_yaml): a repeated request, such as one from a run taken over
 * after a worker died, answers with the existing items.
 */
export const sigmaEnqueueBusRequestSchema = z.object({
  workflow_execution_id: z.number().int().positive(),
  article_id: z.number().int().positive(),
  rules: z.array(sigmaEnqueueRuleSchema).min(1).max(200),
});

const similarityFields = {
  max_similarity: z.number().min(0).max(1).nullable(),
  inconclusive: z.boolean(),
  /** Top matches with explanation and attribution (DRL 1.1 author and licence for reference rules). */
  matches: z.array(z.record(z.string(), z.unknown())),
};

/**
 * Per rule, in request order: queued (new or already there), a duplicate of a corpus rule, or linked to
 * an open or approved queue item it repeats (similarity at or above the threshold; the fields then
 * describe that comparison, and nothing new is queued).
 */
export const sigmaEnqueueOutcomeSchema = z.union([
  z.object({
    outcome: z.literal('queued'),
    queue_id: z.number().int().positive(),
    status: z.string(),
    created: z.boolean(),
    ...similarityFields,
  }),
  z.object({ outcome: z.literal('duplicate'), ...similarityFields }),
  z.object({ outcome: z.literal('linked'), queue_id: z.number().int().positive(), status: z.string(), ...similarityFields }),
]);

export const sigmaEnqueueBusResponseSchema = z.union([
  z.object({ ok: z.literal(true), results: z.array(sigmaEnqueueOutcomeSchema) }),
  busReplyErrorSchema,
]);

export type SigmaEnqueueRule = z.input<typeof sigmaEnqueueRuleSchema>;
export type SigmaEnqueueOutcome = z.infer<typeof sigmaEnqueueOutcomeSchema>;
export type SigmaEnqueueBusRequest = z.input<typeof sigmaEnqueueBusRequestSchema>;
export type SigmaEnqueueBusResponse = z.infer<typeof sigmaEnqueueBusResponseSchema>;
