import { z } from 'zod';

/**
 * The seven prompt-bearing extraction agents of the v2 contract (spec: Capabilities 2) and the
 * subresult key each one reports under in `extraction_result.subresults`.
 */
export const EXTRACTION_AGENTS = [
  'CmdlineExtract',
  'ProcTreeExtract',
  'HuntQueriesExtract',
  'RegistryExtract',
  'ServicesExtract',
  'ScheduledTasksExtract',
  'NetworkIndicatorExtract',
] as const;
export const extractionAgentSchema = z.enum(EXTRACTION_AGENTS);
export type ExtractionAgent = z.infer<typeof extractionAgentSchema>;

export const SUBRESULT_KEYS = {
  CmdlineExtract: 'cmdline',
  ProcTreeExtract: 'process_lineage',
  HuntQueriesExtract: 'hunt_queries',
  RegistryExtract: 'registry_keys',
  ServicesExtract: 'services',
  ScheduledTasksExtract: 'scheduled_tasks',
  NetworkIndicatorExtract: 'network_indicators',
} as const satisfies Record<ExtractionAgent, string>;
export type SubresultKey = (typeof SUBRESULT_KEYS)[ExtractionAgent];

/** Agents the platform router skips for non-Windows articles (spec: Platform Detection). */
export const WINDOWS_ONLY_AGENTS = [
  'RegistryExtract',
  'ServicesExtract',
  'ScheduledTasksExtract',
] as const satisfies readonly ExtractionAgent[];

export const OBSERVABLE_TYPES = [
  'cmdline',
  'process_lineage',
  'hunt_query',
  'registry_key',
  'service',
  'scheduled_task',
  'ipv4',
  'ipv6',
  'domain',
  'url',
] as const;
export const observableTypeSchema = z.enum(OBSERVABLE_TYPES);
export type ObservableType = z.infer<typeof observableTypeSchema>;

export const NETWORK_OBSERVABLE_TYPES = ['ipv4', 'ipv6', 'domain', 'url'] as const satisfies readonly ObservableType[];
export const networkObservableTypeSchema = z.enum(NETWORK_OBSERVABLE_TYPES);
export type NetworkObservableType = z.infer<typeof networkObservableTypeSchema>;

/** Where in the article an item was found: character offsets into the analysed content, end exclusive. */
export const evidenceSchema = z
  .object({
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    text: z.string(),
  })
  .refine((evidence) => evidence.end >= evidence.start, { message: 'evidence.end must not be before evidence.start', path: ['end'] })
  .meta({ description: 'Span of the article content the item was read from (offsets in UTF-16 code units, end exclusive)' });
export type Evidence = z.infer<typeof evidenceSchema>;

export const confidenceSchema = z.number().min(0).max(1);

/** One aggregated observable of `extraction_result.observables`. */
export const observableSchema = z.object({
  type: observableTypeSchema,
  value: z.string().min(1).meta({ description: 'Normalised value (refanged, whitespace collapsed, hive normalised, ...)' }),
  source_agent: extractionAgentSchema.meta({ description: 'First agent that reported the value' }),
  source_agents: z.array(extractionAgentSchema).optional().meta({ description: 'Every agent that reported the value' }),
  evidence: evidenceSchema,
  confidence: confidenceSchema,
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type Observable = z.infer<typeof observableSchema>;
