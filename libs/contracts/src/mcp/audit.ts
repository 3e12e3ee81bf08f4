import { z } from 'zod';

export const AUDIT_LIST_LIMITS = { defaultLimit: 50, maxLimit: 500 } as const;

/** Outcomes of an MCP tool call as the audit records them. */
export const TOOL_CALL_OUTCOMES = ['ok', 'error', 'forbidden', 'pending_confirmation'] as const;

/** The audit event type of one MCP tool call, and of the decisions on confirmation requests. */
export const AUDIT_EVENT_TYPES = {
  mcpToolCall: 'mcp.tool_call',
  mcpConfirmationConfirmed: 'mcp.confirmation.confirmed',
  mcpConfirmationRejected: 'mcp.confirmation.rejected',
  apiTokenCreated: 'api_token.created',
  apiTokenRevoked: 'api_token.revoked',
  signedIn: 'auth.signed_in',
  signedOut: 'auth.signed_out',
  webSessionRevoked: 'auth.session_revoked',
} as const;

export const auditQuerySchema = z.object({
  type: z.string().max(100).optional().meta({ description: 'e.g. mcp.tool_call, scheduled_jobs.updated' }),
  tool: z.string().max(100).optional(),
  caller: z.string().max(200).optional().meta({ description: 'The actor, e.g. token:alice' }),
  outcome: z.string().max(30).optional(),
  since: z.iso.datetime({ offset: true }).optional().meta({ description: 'Inclusive lower bound (ISO 8601)' }),
  until: z.iso.datetime({ offset: true }).optional().meta({ description: 'Exclusive upper bound (ISO 8601)' }),
  limit: z.coerce.number().int().min(1).max(AUDIT_LIST_LIMITS.maxLimit).default(AUDIT_LIST_LIMITS.defaultLimit),
  cursor: z.string().max(512).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    actor: z.string().nullable(),
    tool: z.string().nullable(),
    outcome: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
    payload: z.unknown(),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const auditListResponseSchema = z
  .object({ events: z.array(auditEventSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'AuditEventList' });
