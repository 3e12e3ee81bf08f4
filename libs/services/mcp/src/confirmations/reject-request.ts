import { AUDIT_EVENT_TYPES, type McpConfirmation } from '@huntforge/contracts/mcp';
import type { Caller } from '../caller/caller';
import type { McpPorts } from '../ports';
import { auditDecision, claimConfirmation, existingConfirmation, type ClaimDeps } from './confirmation-parts';
import { toConfirmationView } from './confirmation-view';

export type RejectRequestDeps = ClaimDeps & Pick<McpPorts, 'audit'>;

export interface RejectRequestCommand {
  id: string;
  caller: Caller;
  reason: string | null;
}

/** POST /api/mcp/confirmations/{id}/reject: the request is closed; its action never runs. */
export async function rejectRequest(deps: RejectRequestDeps, command: RejectRequestCommand): Promise<McpConfirmation> {
  const { id, caller, reason } = command;
  const started = performance.now();
  await claimConfirmation(deps, { id, status: 'rejected', caller, reason });
  const row = await existingConfirmation(deps, id);
  await auditDecision(deps, { type: AUDIT_EVENT_TYPES.mcpConfirmationRejected, row, caller, outcome: 'ok', started, extra: { reason } });
  return toConfirmationView(row);
}
