import type { McpConfirmation } from '@huntforge/contracts/mcp';
import type { ConfirmationRecord } from '../repositories/confirmation-repository';

export function toConfirmationView(row: ConfirmationRecord): McpConfirmation {
  return {
    id: row.id,
    tool: row.tool,
    arguments: (row.arguments ?? {}) as Record<string, unknown>,
    requested_by: row.requestedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    status: row.status,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_reason: row.decisionReason,
    result: row.result ?? null,
    error: row.error,
  };
}
