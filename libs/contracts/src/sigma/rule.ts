import { z } from 'zod';

/**
 * A Sigma rule as an object (Sigma specification 2.x): what the generator builds, the workflow stores,
 * the queue keeps and the web renders. YAML is written from it only where a rule leaves the system (the
 * API's `yaml`, a pull request, a file). The shapes follow the specification's JSON schemas; whether the
 * values make sense (known modifiers, a condition that parses, current ATT&CK tags) is the validator's job.
 */

/** A value a detection item compares with: Sigma strings (with wildcards), numbers, booleans, `null` (field absent or empty). */
export const sigmaValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** `Field|modifier: value` items, all of which must match (a list value: any of its values). */
export const sigmaFieldMapSchema = z.record(z.string(), z.union([sigmaValueSchema, z.array(sigmaValueSchema)]));

/** A search identifier: a map (AND of its items), or a list of maps (any of them) or of keywords. */
export const sigmaSearchIdentifierSchema = z.union([sigmaFieldMapSchema, z.array(z.union([sigmaFieldMapSchema, sigmaValueSchema]))]);

/**
 * The detection section: search identifiers by name, the condition over them and an optional timeframe.
 * The condition and timeframe are strings, which the entry type admits, so one index signature types the map.
 */
export const sigmaDetectionSchema = z
  .object({
    condition: z.union([z.string(), z.array(z.string())]),
    timeframe: z.string().optional(),
  })
  .catchall(z.union([z.string(), sigmaSearchIdentifierSchema]))
  .meta({ id: 'SigmaDetection' });

export const sigmaLogsourceSchema = z
  .object({
    category: z.string().optional(),
    product: z.string().optional(),
    service: z.string().optional(),
    definition: z.string().optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'SigmaLogsource' });

export const SIGMA_LEVELS = ['informational', 'low', 'medium', 'high', 'critical'] as const;
export const SIGMA_STATUSES = ['stable', 'test', 'experimental', 'deprecated', 'unsupported'] as const;
export const sigmaLevelSchema = z.enum(SIGMA_LEVELS);
export const sigmaStatusSchema = z.enum(SIGMA_STATUSES);

export const sigmaRelatedSchema = z.object({ id: z.string(), type: z.enum(['derived', 'obsolete', 'merged', 'renamed', 'similar']) });

/** Metadata every kind of rule may carry. Unknown keys are custom attributes, which the specification allows. */
const metadata = {
  title: z.string(),
  id: z.string().optional(),
  name: z.string().optional(),
  taxonomy: z.string().optional(),
  status: sigmaStatusSchema.optional(),
  description: z.string().optional(),
  license: z.string().optional(),
  author: z.string().optional(),
  references: z.array(z.string()).optional(),
  date: z.string().optional(),
  modified: z.string().optional(),
  falsepositives: z.array(z.string()).optional(),
  level: sigmaLevelSchema.optional(),
};

export const sigmaRuleSchema = z
  .object({
    ...metadata,
    related: z.array(sigmaRelatedSchema).optional(),
    tags: z.array(z.string()).optional(),
    logsource: sigmaLogsourceSchema,
    detection: sigmaDetectionSchema,
    fields: z.array(z.string()).optional(),
    scope: z.array(z.string()).optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'SigmaRule', description: 'A Sigma detection rule' });

export const SIGMA_CORRELATION_TYPES = [
  'event_count',
  'value_count',
  'temporal',
  'temporal_ordered',
  'value_sum',
  'value_avg',
  'value_percentile',
] as const;

export const sigmaCorrelationSchema = z
  .object({
    type: z.enum(SIGMA_CORRELATION_TYPES),
    rules: z.union([z.string(), z.array(z.string())]),
    'group-by': z.array(z.string()).optional(),
    timespan: z.string(),
    condition: z
      .object({
        gt: z.number().optional(),
        gte: z.number().optional(),
        lt: z.number().optional(),
        lte: z.number().optional(),
        eq: z.number().optional(),
        neq: z.number().optional(),
        field: z.union([z.string(), z.array(z.string())]).optional(),
      })
      .optional(),
    aliases: z.record(z.string(), z.record(z.string(), z.string())).optional(),
    generate: z.boolean().optional(),
  })
  .meta({ id: 'SigmaCorrelation' });

export const sigmaCorrelationRuleSchema = z
  .object({ ...metadata, tags: z.array(z.string()).optional(), correlation: sigmaCorrelationSchema, generate: z.boolean().optional() })
  .catchall(z.unknown())
  .meta({ id: 'SigmaCorrelationRule', description: 'A Sigma correlation rule over other rules' });

export const sigmaFilterSchema = z
  .object({ rules: z.union([z.string(), z.array(z.string())]), condition: z.string() })
  .catchall(z.union([z.string(), sigmaSearchIdentifierSchema]))
  .meta({ id: 'SigmaFilter' });

export const sigmaFilterRuleSchema = z
  .object({ ...metadata, logsource: sigmaLogsourceSchema, filter: sigmaFilterSchema })
  .catchall(z.unknown())
  .meta({ id: 'SigmaFilterRule', description: 'A Sigma meta filter applied to other rules' });

/** Any Sigma document: a detection rule, a correlation rule or a filter (told apart by `correlation` and `filter`). */
export const sigmaDocumentSchema = z
  .union([sigmaCorrelationRuleSchema, sigmaFilterRuleSchema, sigmaRuleSchema])
  .meta({ id: 'SigmaDocument' });

export type SigmaValue = z.infer<typeof sigmaValueSchema>;
export type SigmaFieldMap = z.infer<typeof sigmaFieldMapSchema>;
export type SigmaSearchIdentifier = z.infer<typeof sigmaSearchIdentifierSchema>;
export type SigmaDetection = z.infer<typeof sigmaDetectionSchema>;
export type SigmaLogsource = z.infer<typeof sigmaLogsourceSchema>;
export type SigmaLevel = z.infer<typeof sigmaLevelSchema>;
export type SigmaRule = z.infer<typeof sigmaRuleSchema>;
export type SigmaCorrelationRule = z.infer<typeof sigmaCorrelationRuleSchema>;
export type SigmaFilterRule = z.infer<typeof sigmaFilterRuleSchema>;
export type SigmaDocument = z.infer<typeof sigmaDocumentSchema>;

/** The typed document of a loaded mapping, or null when it does not have the shape of any kind of Sigma rule. */
export function asSigmaDocument(doc: unknown): SigmaDocument | null {
  const parsed = sigmaDocumentSchema.safeParse(doc);
  return parsed.success ? parsed.data : null;
}

export const isCorrelationRule = (doc: SigmaDocument): doc is SigmaCorrelationRule => 'correlation' in doc && doc.correlation !== undefined;
export const isFilterRule = (doc: SigmaDocument): doc is SigmaFilterRule => 'filter' in doc && doc.filter !== undefined;
export const isDetectionRule = (doc: SigmaDocument): doc is SigmaRule => 'detection' in doc && doc.detection !== undefined;
