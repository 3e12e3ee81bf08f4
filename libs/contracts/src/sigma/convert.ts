import { z } from 'zod';

/**
 * POST /api/sigma/convert and the MCP tool convert_sigma_rule: a Sigma rule as the queries of SIEM
 * targets (pySigma's backends: splunk, splunk_spl2, lucene, eql, esql, elastalert, kusto).
 */

export const convertTargetSchema = z
  .object({
    target: z
      .string()
      .min(1)
      .max(40)
      .meta({ description: 'Target id: splunk, splunk_spl2, lucene, eql, esql, elastalert, kusto', example: 'kusto' }),
    pipelines: z
      .array(z.string().min(1).max(60))
      .max(8)
      .default([])
      .meta({ description: 'Named processing pipelines applied before the target, e.g. microsoft_xdr, ecs_windows, splunk_windows' }),
    output_format: z.string().min(1).max(40).optional().meta({ description: "The target's output format (default: plain queries)" }),
  })
  .meta({ id: 'SigmaConvertTarget' });

export const convertRuleRequestSchema = z
  .object({
    rule_yaml: z.string().min(1).max(200_000),
    targets: z.array(convertTargetSchema).min(1).max(12).optional().meta({
      description: "Targets to convert to; omitted: the team's targets (setting SIGMA_CONVERT_TARGETS, default splunk, kusto, lucene)",
    }),
  })
  .meta({ id: 'ConvertSigmaRuleRequest' });

export const convertedTargetSchema = z
  .object({
    target: z.string(),
    pipelines: z.array(z.string()),
    output_format: z.string().nullable(),
    queries: z
      .array(z.union([z.string(), z.record(z.string(), z.unknown())]))
      .meta({ description: 'Query texts (JSON output formats give objects)' }),
    error: z
      .object({ kind: z.string().meta({ example: 'SigmaFeatureNotSupportedByBackendError' }), message: z.string() })
      .nullable()
      .meta({ description: 'Set when this target cannot express the rule; the other targets still convert' }),
  })
  .meta({ id: 'SigmaConvertedTarget' });

export const convertRuleResponseSchema = z.object({ results: z.array(convertedTargetSchema) }).meta({ id: 'ConvertSigmaRuleResponse' });

export type ConvertTarget = z.infer<typeof convertTargetSchema>;
export type ConvertRuleRequest = z.infer<typeof convertRuleRequestSchema>;
export type ConvertedTarget = z.infer<typeof convertedTargetSchema>;
export type ConvertRuleResponse = z.infer<typeof convertRuleResponseSchema>;
