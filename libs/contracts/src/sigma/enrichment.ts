import { z } from 'zod';
import { sigmaFindingSchema } from './findings';

const providerChoice = {
  provider: z.string().min(1).max(50).optional().meta({ description: 'Model provider (default: builtin)' }),
  model: z.string().min(1).max(200).optional(),
};

export const validateQueueItemRequestSchema = z
  .object({ enrich: z.boolean().default(false), ...providerChoice })
  .meta({ id: 'ValidateQueueItemRequest' });
export const validateQueueItemResponseSchema = z
  .object({
    validated_yaml: z.string(),
    valid: z.boolean(),
    findings: z.array(sigmaFindingSchema),
    enriched: z.boolean(),
    conversation_id: z.number().int().nullable(),
  })
  .meta({ id: 'ValidateQueueItemResponse' });

export const enrichRequestSchema = z.object(providerChoice).meta({ id: 'EnrichSigmaRuleRequest' });
export const enrichResponseSchema = z
  .object({
    enriched_yaml: z.string(),
    conversation_id: z.number().int(),
    provider: z.string(),
    model: z.string(),
    changes: z.array(z.string()),
    findings: z.array(sigmaFindingSchema),
  })
  .meta({ id: 'EnrichSigmaRuleResponse' });

export const enrichmentTurnSchema = z.object({
  turn_index: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  rule_yaml: z.string().nullable(),
  created_at: z.string(),
});

export const enrichmentChatResponseSchema = z
  .object({
    conversation_id: z.number().int().nullable(),
    provider: z.string().nullable(),
    model: z.string().nullable(),
    turns: z.array(enrichmentTurnSchema).meta({ description: 'System prompts are never included' }),
  })
  .meta({ id: 'EnrichmentChatResponse' });

export const chatTurnRequestSchema = z.object({ message: z.string().trim().min(1).max(4000) }).meta({ id: 'EnrichmentChatTurnRequest' });
export const chatTurnResponseSchema = z
  .object({
    conversation_id: z.number().int(),
    reply: enrichmentTurnSchema,
    rule_yaml: z.string().meta({ description: "The queue item's rule after the turn" }),
    findings: z.array(sigmaFindingSchema),
  })
  .meta({ id: 'EnrichmentChatTurnResponse' });

export type EnrichResponse = z.infer<typeof enrichResponseSchema>;
export type EnrichmentChatResponse = z.infer<typeof enrichmentChatResponseSchema>;
export type ChatTurnResponse = z.infer<typeof chatTurnResponseSchema>;
export type ValidateQueueItemResponse = z.infer<typeof validateQueueItemResponseSchema>;
