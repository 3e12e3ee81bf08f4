import { z } from 'zod';

/**
 * STIX 2.1 (OASIS Standard) as the workflow exports it: one bundle per execution with the system's identity,
 * a report for the article, an indicator per network indicator value (`pattern_type: "stix"`) and per valid
 * generated Sigma rule (`pattern_type: "sigma"`), and the relationships between them. Only the properties
 * Huntforge writes are typed; the OASIS JSON schemas are what the export is tested against.
 */

const stixId = (type: string) =>
  z
    .string()
    .regex(new RegExp(`^${type}--[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`))
    .meta({ description: `A STIX identifier: \`${type}--\` and an RFC 4122 UUID` });

/** Timestamps in UTC with millisecond precision, as STIX requires for `created` and `modified`. */
const stixTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

const common = {
  spec_version: z.literal('2.1'),
  created: stixTimestamp,
  modified: stixTimestamp,
};

export const stixExternalReferenceSchema = z.object({
  source_name: z.string(),
  url: z.string().optional(),
  external_id: z.string().optional(),
  description: z.string().optional(),
});

export const stixKillChainPhaseSchema = z.object({ kill_chain_name: z.string(), phase_name: z.string() });

export const stixIdentitySchema = z
  .object({
    type: z.literal('identity'),
    id: stixId('identity'),
    ...common,
    name: z.string(),
    identity_class: z.string(),
    description: z.string().optional(),
  })
  .meta({ id: 'StixIdentity' });

export const stixIndicatorSchema = z
  .object({
    type: z.literal('indicator'),
    id: stixId('indicator'),
    ...common,
    created_by_ref: stixId('identity'),
    name: z.string(),
    description: z.string().optional(),
    indicator_types: z.array(z.string()).min(1),
    pattern: z.string().meta({ description: "A STIX pattern (`[domain-name:value = '...']`) or the Sigma rule as YAML" }),
    pattern_type: z.enum(['stix', 'sigma']),
    valid_from: stixTimestamp,
    kill_chain_phases: z.array(stixKillChainPhaseSchema).min(1).optional(),
    labels: z.array(z.string()).min(1).optional(),
    external_references: z.array(stixExternalReferenceSchema).min(1).optional(),
    x_huntforge_queries: z
      .record(z.string().regex(/^[a-z0-9_]{1,250}$/), z.array(z.string()))
      .optional()
      .meta({
        description:
          "Custom property of Sigma indicators: the rule's queries for each of the team's SIEM targets (setting SIGMA_CONVERT_TARGETS), " +
          'keyed by target then pipelines joined by `__` (e.g. `splunk`, `kusto__microsoft_xdr`)',
      }),
    x_huntforge_query_errors: z
      .record(z.string().regex(/^[a-z0-9_]{1,250}$/), z.string())
      .optional()
      .meta({
        description: 'Custom property of Sigma indicators: for each configured target that cannot express the rule, why (same keys)',
      }),
  })
  .meta({ id: 'StixIndicator' });

export const stixRelationshipSchema = z
  .object({
    type: z.literal('relationship'),
    id: stixId('relationship'),
    ...common,
    created_by_ref: stixId('identity'),
    relationship_type: z.string(),
    description: z.string().optional(),
    source_ref: z.string(),
    target_ref: z.string(),
  })
  .meta({ id: 'StixRelationship' });

export const stixReportSchema = z
  .object({
    type: z.literal('report'),
    id: stixId('report'),
    ...common,
    created_by_ref: stixId('identity'),
    name: z.string(),
    description: z.string().optional(),
    report_types: z.array(z.string()).min(1),
    published: stixTimestamp,
    object_refs: z.array(z.string()).min(1),
    external_references: z.array(stixExternalReferenceSchema).min(1).optional(),
  })
  .meta({ id: 'StixReport' });

export const stixObjectSchema = z.discriminatedUnion('type', [
  stixIdentitySchema,
  stixReportSchema,
  stixIndicatorSchema,
  stixRelationshipSchema,
]);

export const stixBundleSchema = z
  .object({ type: z.literal('bundle'), id: stixId('bundle'), objects: z.array(stixObjectSchema).min(1) })
  .meta({ id: 'StixBundle', description: 'A STIX 2.1 bundle (spec_version 2.1 on each object; a 2.1 bundle carries none itself)' });

export type StixIdentity = z.infer<typeof stixIdentitySchema>;
export type StixIndicator = z.infer<typeof stixIndicatorSchema>;
export type StixRelationship = z.infer<typeof stixRelationshipSchema>;
export type StixReport = z.infer<typeof stixReportSchema>;
export type StixObject = z.infer<typeof stixObjectSchema>;
export type StixBundle = z.infer<typeof stixBundleSchema>;
