import { z } from 'zod';

export const CONFIRMATION_STATUSES = ['pending', 'confirmed', 'rejected', 'expired', 'failed'] as const;
export const confirmationStatusSchema = z.enum(CONFIRMATION_STATUSES);

export const CONFIRMATION_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 } as const;

/** A high-risk MCP write waiting for (or decided by) a person. */
export const mcpConfirmationSchema = z
  .object({
    id: z.string().uuid(),
    tool: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    requested_by: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    status: confirmationStatusSchema,
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    decision_reason: z.string().nullable(),
    result: z.unknown().nullable().meta({ description: "The owning service's answer once the action ran: {http_status, body}" }),
    error: z.string().nullable(),
  })
  .meta({ id: 'McpConfirmation' });
export type McpConfirmation = z.infer<typeof mcpConfirmationSchema>;

export const listConfirmationsQuerySchema = z.object({
  status: confirmationStatusSchema.optional(),
  tool: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(CONFIRMATION_LIST_LIMITS.maxLimit).default(CONFIRMATION_LIST_LIMITS.defaultLimit),
  cursor: z.string().max(512).optional(),
});
export type ListConfirmationsQuery = z.infer<typeof listConfirmationsQuerySchema>;

export const listConfirmationsResponseSchema = z
  .object({
    confirmations: z.array(mcpConfirmationSchema),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'McpConfirmationList' });

export const confirmationIdParamsSchema = z.object({ id: z.string().uuid() });

export const decideConfirmationRequestSchema = z
  .object({ reason: z.string().max(2_000).optional() })
  .meta({ id: 'McpConfirmationDecision' });
export type DecideConfirmationRequest = z.infer<typeof decideConfirmationRequestSchema>;
