import { z } from 'zod';
import {
  cmdlineItemSchema,
  huntQueryItemSchema,
  networkIndicatorItemSchema,
  processPairItemSchema,
  registryKeyItemSchema,
  scheduledTaskItemSchema,
  serviceItemSchema,
} from './agents';
import { extractionAgentSchema, observableSchema } from './observable';

export const SUBRESULT_STATUSES = ['completed', 'failed', 'skipped'] as const;
export const subresultStatusSchema = z.enum(SUBRESULT_STATUSES);
export type SubresultStatus = z.infer<typeof subresultStatusSchema>;

/** Stable codes for why an agent did not run or did not finish. */
export const EXTRACTION_REASON_CODES = {
  platformNotWindows: 'platform_not_windows',
  agentDisabled: 'agent_disabled',
  agentFailed: 'agent_failed',
  invalidOutput: 'invalid_output',
  cancelled: 'cancelled',
} as const;

export const extractionReasonSchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ExtractionReason = z.infer<typeof extractionReasonSchema>;

function subresult<T extends z.ZodType>(item: T) {
  return z.object({
    agent: extractionAgentSchema,
    status: subresultStatusSchema,
    items: z.array(item),
    count: z.number().int().min(0),
    duration_ms: z.number().min(0).optional(),
    /** Set when status is `failed`: the other agents still ran. */
    error: extractionReasonSchema.optional(),
    /** Set when status is `skipped` (e.g. the platform router skipped a Windows-only agent). */
    skip_reason: extractionReasonSchema.optional(),
  });
}

export const extractionSubresultsSchema = z.object({
  cmdline: subresult(cmdlineItemSchema).optional(),
  process_lineage: subresult(processPairItemSchema).optional(),
  hunt_queries: subresult(huntQueryItemSchema).optional(),
  registry_keys: subresult(registryKeyItemSchema).optional(),
  services: subresult(serviceItemSchema).optional(),
  scheduled_tasks: subresult(scheduledTaskItemSchema).optional(),
  network_indicators: subresult(networkIndicatorItemSchema).optional(),
});
export type ExtractionSubresults = z.infer<typeof extractionSubresultsSchema>;
export type ExtractionSubresult = NonNullable<ExtractionSubresults[keyof ExtractionSubresults]>;

export const extractionSummarySchema = z.object({
  total: z.number().int().min(0).meta({ description: 'Distinct observables after normalisation and deduplication' }),
  reported: z.number().int().min(0).meta({ description: 'Items reported by the agents before deduplication' }),
  by_type: z.record(z.string(), z.number().int().min(0)),
  by_agent: z.record(z.string(), z.number().int().min(0)),
  agents_completed: z.array(extractionAgentSchema),
  agents_failed: z.array(extractionAgentSchema),
  agents_skipped: z.array(extractionAgentSchema),
});
export type ExtractionSummary = z.infer<typeof extractionSummarySchema>;

/**
 * The aggregated extraction contract (spec: extraction_result). observables, subresults, summary,
 * discrete_huntables_count and content are its five required fields.
 */
export const extractionResultSchema = z
  .object({
    observables: z.array(observableSchema),
    subresults: extractionSubresultsSchema,
    summary: extractionSummarySchema,
    discrete_huntables_count: z.number().int().min(0),
    content: z.string().meta({ description: 'Plain-text digest of the observables, grouped by type (input of Sigma generation)' }),
  })
  .refine((result) => result.discrete_huntables_count === result.observables.length, {
    message: 'discrete_huntables_count must equal the number of distinct observables',
    path: ['discrete_huntables_count'],
  });
export type ExtractionResult = z.infer<typeof extractionResultSchema>;

/** A complete publisher-authored Sigma rule found in an article (exact text and provenance). */
export const embeddedSigmaRuleSchema = z.object({
  title: z.string().min(1),
  yaml: z.string().min(1).meta({ description: 'Rule text: exactly as published, or re-indented when indentation_recovered' }),
  source_text: z.string().min(1).meta({ description: 'The exact article text the rule was read from' }),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  format: z.enum(['fenced', 'plain']),
  indentation_recovered: z.boolean(),
});
export type EmbeddedSigmaRule = z.infer<typeof embeddedSigmaRuleSchema>;
