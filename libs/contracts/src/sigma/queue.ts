import { z } from 'zod';
import { coveringRuleSchema } from './covering-rule';
import { offsetQuerySchema } from '../http/pagination';
import { sigmaFindingSchema } from './findings';
import { sigmaDocumentSchema } from './rule';
import { similarityMatchSchema } from './similarity';

export const SIGMA_QUEUE_STATUSES = ['pending', 'needs_review', 'approved', 'rejected', 'submitted'] as const;
export const sigmaQueueStatusSchema = z.enum(SIGMA_QUEUE_STATUSES).meta({ id: 'SigmaQueueStatus' });

const timestamp = z.string().meta({ description: 'ISO 8601' });
const positiveId = z.coerce.number().int().positive();

export const reviewNoteSchema = z.object({ author: z.string().nullable(), note: z.string(), at: timestamp });

/** A rule's self-test: over the telemetry of its article's observables, and over the benign baseline. */
export const sigmaSelfTestSchema = z
  .object({
    fires: z.boolean(),
    events: z.number().int(),
    fired_on: z.array(z.string()),
    baseline: z.object({ events: z.number().int(), fires: z.number().int(), examples: z.array(z.string()) }).nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'SigmaSelfTest' });

export const sigmaQueueItemSchema = z
  .object({
    queue_id: z.number().int(),
    status: sigmaQueueStatusSchema,
    source: z.enum(['generated', 'publisher']),
    workflow_execution_id: z.number().int().nullable(),
    article_id: z.number().int().nullable(),
    rule_yaml: z.string(),
    rule: sigmaDocumentSchema.nullable().meta({
      description:
        'The rule as an object, kept with rule_yaml (null when the text is not a Sigma mapping, and on items queued before it was kept)',
    }),
    original_rule_yaml: z.string().nullable().meta({
      description: 'The rule as generated or imported, before review edits and enrichment (null on items queued before it was kept)',
    }),
    title: z.string(),
    level: z.string().nullable(),
    tags: z.array(z.string()),
    telemetry_class: z.string().nullable(),
    max_similarity: z.number().nullable(),
    similarity_inconclusive: z.boolean(),
    matches: z.array(similarityMatchSchema).meta({ description: 'Top-10 similar rules with explanation, author and licence' }),
    self_test: sigmaSelfTestSchema.nullable().meta({
      description:
        "The rule run over the telemetry of its article's observables (does it fire on what it was made from?) and over the benign baseline " +
        '(expected false positives); re-run when the rule is edited. Null for rules without recorded observables.',
    }),
    covered_by: z.array(coveringRuleSchema).meta({
      description:
        'Reference rules that already fire on the behaviour this rule detects (its self-test observables); such rules are queued as needs_review',
    }),
    validation_findings: z.array(sigmaFindingSchema),
    delivery_permitted: z.boolean().nullable(),
    conversation_id: z.number().int().nullable(),
    reviewer: z.string().nullable(),
    review_notes: z.array(reviewNoteSchema),
    rejection_reason: z.string().nullable(),
    pr_url: z.string().nullable(),
    reviewed_at: timestamp.nullable(),
    submitted_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'SigmaQueueItem' });

export const SIGMA_QUEUE_LIST_LIMITS = { defaultLimit: 50, maxLimit: 500 } as const;

/** The statuses that wait for a person: what the review queue opens on. */
export const SIGMA_QUEUE_WAITING_STATUSES = ['pending', 'needs_review'] as const;

const statusList = z
  .string()
  .regex(
    new RegExp(`^(${SIGMA_QUEUE_STATUSES.join('|')})(,(${SIGMA_QUEUE_STATUSES.join('|')}))*$`),
    'a comma-separated list of queue statuses',
  )
  .transform((value) => [...new Set(value.split(','))] as SigmaQueueStatusValue[])
  .meta({
    description: 'Comma-separated statuses (e.g. pending,needs_review: everything waiting for a person); ignored when status is given',
    example: 'pending,needs_review',
  });

export const sigmaQueueListQuerySchema = offsetQuerySchema(SIGMA_QUEUE_LIST_LIMITS).extend({
  status: sigmaQueueStatusSchema.optional(),
  statuses: statusList.optional(),
  workflow_execution_id: positiveId.optional(),
});

export const sigmaQueueListResponseSchema = z
  .object({
    items: z.array(sigmaQueueItemSchema),
    total: z.number().int().nonnegative(),
    limit: z.number().int(),
    offset: z.number().int(),
    counts: z
      .record(sigmaQueueStatusSchema, z.number().int().nonnegative())
      .optional()
      .meta({ description: 'Items per status across the whole queue (the status filters do not apply; workflow_execution_id does)' }),
  })
  .meta({ id: 'SigmaQueueListResponse' });

export const queueIdParamsSchema = z.object({ queue_id: positiveId });
export const conversationParamsSchema = z.object({ queue_id: positiveId, conversation_id: positiveId });

export const createQueueItemRequestSchema = z
  .object({
    rule_yaml: z.string().min(1).max(200_000),
    source: z.enum(['generated', 'publisher']).default('generated'),
    workflow_execution_id: z.number().int().positive().optional(),
    article_id: z.number().int().positive().optional(),
    provenance: z.record(z.string(), z.unknown()).optional(),
    delivery_permitted: z.boolean().optional(),
  })
  .meta({ id: 'CreateSigmaQueueItemRequest' });

/** The signed-in caller is recorded as the reviewer; a named one counts only when nobody signed in. */
const reviewerField = z.string().min(1).max(100).optional().meta({
  description: 'Used only when authentication is off (AUTH_MODE=off); otherwise the signed-in caller is recorded as the reviewer',
});

export const approveRequestSchema = z.object({ reviewer: reviewerField, note: z.string().max(4000).optional() });
export const rejectRequestSchema = z.object({ reason: z.string().trim().min(1).max(4000), reviewer: reviewerField });
export const reviewNoteRequestSchema = z.object({ note: z.string().trim().min(1).max(4000), reviewer: reviewerField });
export const editRuleRequestSchema = z.object({ rule_yaml: z.string().min(1).max(200_000), reviewer: reviewerField });
export const selfTestDraftRequestSchema = z
  .object({ rule_yaml: z.string().min(1).max(200_000).meta({ description: 'The rule as the reviewer is editing it (not saved)' }) })
  .meta({ id: 'SelfTestDraftRequest' });
export const selfTestDraftResponseSchema = z
  .object({
    self_test: sigmaSelfTestSchema.nullable().meta({
      description:
        "The draft run over the item's recorded observables and the benign baseline; null when the workflow recorded no observables. A draft that does not compile has `error`.",
    }),
  })
  .meta({ id: 'SelfTestDraftResponse' });

export type SigmaQueueStatusValue = z.infer<typeof sigmaQueueStatusSchema>;
export type SigmaQueueItemBody = z.infer<typeof sigmaQueueItemSchema>;
export type SigmaQueueListQuery = z.infer<typeof sigmaQueueListQuerySchema>;
export type SigmaQueueListResponse = z.infer<typeof sigmaQueueListResponseSchema>;
export type CreateQueueItemRequest = z.infer<typeof createQueueItemRequestSchema>;
