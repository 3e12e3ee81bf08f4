import { z } from 'zod';
import { sigmaFindingSchema } from '../sigma/findings';
import { sigmaDocumentSchema } from '../sigma/rule';
import { coveringRuleSchema } from '../sigma/covering-rule';

/** The validator's verdict on a rule (warnings and infos do not make it invalid). */
export const ruleValidationSchema = z.object({ valid: z.boolean(), findings: z.array(sigmaFindingSchema) }).meta({ id: 'RuleValidation' });

export const ruleBaselineSchema = z
  .object({
    events: z.number().int().meta({ description: 'Benign baseline events tried' }),
    fires: z.number().int().meta({ description: 'How many of them the rule fires on: each an expected false positive' }),
    examples: z.array(z.string()),
  })
  .meta({ id: 'RuleBaseline' });

export const ruleSelfTestSchema = z
  .object({
    fires: z.boolean().meta({ description: 'The rule fires on the synthetic telemetry of at least one observable it was made from' }),
    events: z.number().int(),
    fired_on: z.array(z.string()).meta({ description: 'The observables (`type: value`) whose telemetry it fires on' }),
    baseline: ruleBaselineSchema.optional(),
    error: z.string().optional().meta({ description: 'Why the rule could not be run' }),
  })
  .meta({ id: 'RuleSelfTest' });

const queueOutcomeSchema = z
  .object({
    outcome: z.enum(['queued', 'duplicate', 'linked', 'invalid']),
    queue_id: z.number().int().optional(),
    status: z.string().optional(),
    duplicate_of: z.unknown().optional(),
  })
  .meta({ id: 'RuleQueueOutcome' });

const ruleFields = {
  title: z.string().nullable(),
  rule: sigmaDocumentSchema
    .nullable()
    .default(null)
    .meta({ description: 'The rule as an object; null when its text does not load as any kind of Sigma rule (the findings say why)' }),
  yaml: z
    .string()
    .meta({ description: 'The rule as YAML, written once from `rule` (or the text as received, for publisher and model rules)' }),
  validation: ruleValidationSchema,
};

/** A rule the SigmaAgent wrote for this execution, with what the run learned about it. */
export const generatedRuleRecordSchema = z
  .object({
    source: z.literal('generated'),
    telemetry_class: z.string(),
    ...ruleFields,
    level: z.string().nullable(),
    tags: z.array(z.string()),
    repair_attempts: z.array(z.object({ attempt: z.number().int(), findings: z.array(sigmaFindingSchema), valid_after: z.boolean() })),
    fidelity: z
      .object({ ok: z.boolean(), unsupported_values: z.array(z.string()) })
      .meta({ description: 'Every literal detection value comes from the article' }),
    self_test: ruleSelfTestSchema,
    covered_by: z
      .array(coveringRuleSchema)
      .default([])
      .meta({ description: 'Reference rules that already fire on the observables this rule fires on' }),
    similarity: z.object({ max_similarity: z.number(), inconclusive: z.boolean(), matches: z.array(z.unknown()) }).optional(),
    queue: queueOutcomeSchema,
  })
  .meta({ id: 'GeneratedRuleRecord' });

/** A rule the article itself carries, kept verbatim and queued for review. */
export const publisherRuleRecordSchema = z
  .object({
    source: z.literal('publisher'),
    ...ruleFields,
    provenance: z.object({ article_id: z.number().int(), article_url: z.string(), start: z.number().int(), end: z.number().int() }),
    delivery_permitted: z.boolean(),
    queue: queueOutcomeSchema,
  })
  .meta({ id: 'PublisherRuleRecord' });

export const executionRuleRecordSchema = z
  .discriminatedUnion('source', [generatedRuleRecordSchema, publisherRuleRecordSchema])
  .meta({ id: 'ExecutionRuleRecord' });

/**
 * The rule records stored on an execution, typed. Records written before a field existed get its default
 * (no typed rule, no covering rules); a record that still does not fit is left out rather than shown wrong.
 */
export function executionRuleRecords(stored: unknown): ExecutionRuleRecord[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((record) => {
    const parsed = executionRuleRecordSchema.safeParse(record);
    return parsed.success ? [parsed.data] : [];
  });
}

export type RuleValidation = z.infer<typeof ruleValidationSchema>;
export type RuleSelfTest = z.infer<typeof ruleSelfTestSchema>;
export type GeneratedRuleRecord = z.infer<typeof generatedRuleRecordSchema>;
export type PublisherRuleRecord = z.infer<typeof publisherRuleRecordSchema>;
export type ExecutionRuleRecord = z.infer<typeof executionRuleRecordSchema>;
