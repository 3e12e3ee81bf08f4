import { z } from 'zod';

export const sigmaFindingSchema = z
  .object({
    id: z.string().meta({ description: 'Stable finding id, e.g. unknown_modifier', example: 'unknown_modifier' }),
    severity: z.enum(['error', 'warning', 'info']),
    path: z.string().meta({ description: 'Where in the rule, dotted (detection.selection.CommandLine|contains)' }),
    message: z.string(),
  })
  .meta({ id: 'SigmaFinding' });

export const validateRuleRequestSchema = z.object({ rule_yaml: z.string().min(1).max(200_000) }).meta({ id: 'ValidateSigmaRuleRequest' });

export const validateRuleResponseSchema = z
  .object({ valid: z.boolean(), findings: z.array(sigmaFindingSchema) })
  .meta({ id: 'ValidateSigmaRuleResponse' });

export type SigmaFinding = z.infer<typeof sigmaFindingSchema>;
export type ValidateRuleRequest = z.infer<typeof validateRuleRequestSchema>;
export type ValidateRuleResponse = z.infer<typeof validateRuleResponseSchema>;
