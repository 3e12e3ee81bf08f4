import { MCP_ERROR_CODES } from '@huntforge/contracts/mcp';
import { HttpError } from '@huntforge/platform';
import { redactArguments } from '../audit/redact';
import type { Caller } from '../caller/caller';
import type { McpPorts } from '../ports';
import type { ConfirmationRecord } from '../repositories/confirmation-repository';

/** What reading one request needs. */
export interface FindConfirmationDeps {
  confirmations: Pick<McpPorts['confirmations'], 'find'>;
}

/** What deciding a request needs: its row, the conditional decision, and the clock that expires it. */
export interface ClaimDeps extends Pick<McpPorts, 'now'> {
  confirmations: Pick<McpPorts['confirmations'], 'find' | 'expireDue' | 'decide'>;
}

/** The request, or 404. */
export async function existingConfirmation(deps: FindConfirmationDeps, id: string): Promise<ConfirmationRecord> {
  const row = await deps.confirmations.find(id);
  if (!row) throw new HttpError(404, MCP_ERROR_CODES.confirmationNotFound, `No confirmation request ${id}`);
  return row;
}

/** Decides a pending, unexpired request or explains (404, 409, 410) why it cannot be decided. */
export async function claimConfirmation(
  deps: ClaimDeps,
  decision: { id: string; status: 'confirmed' | 'rejected'; caller: Caller; reason: string | null },
): Promise<ConfirmationRecord> {
  const { id, status, caller, reason } = decision;
  const now = deps.now();
  const row = await existingConfirmation(deps, id);
  if (row.status === 'pending' && row.expiresAt <= now) await deps.confirmations.expireDue(now);
  if (await deps.confirmations.decide(id, status, caller.actor, reason, now)) return existingConfirmation(deps, id);

  const current = await existingConfirmation(deps, id);
  if (current.status === 'expired') {
    throw new HttpError(
      410,
      MCP_ERROR_CODES.confirmationExpired,
      `Confirmation request ${id} expired at ${current.expiresAt.toISOString()}; ask for the action again`,
    );
  }
  throw new HttpError(409, MCP_ERROR_CODES.confirmationNotPending, `Confirmation request ${id} is already ${current.status}`);
}

/** Records a decision in the audit log, with the request's arguments redacted. */
export async function auditDecision(
  deps: Pick<McpPorts, 'audit'>,
  event: { type: string; row: ConfirmationRecord; caller: Caller; outcome: string; started: number; extra: Record<string, unknown> },
): Promise<void> {
  const { type, row, caller, outcome, started, extra } = event;
  await deps.audit.record({
    type,
    actor: caller.actor,
    tool: row.tool,
    outcome,
    durationMs: Math.round(performance.now() - started),
    payload: {
      confirmation_id: row.id,
      requested_by: row.requestedBy,
      arguments: redactArguments(row.arguments),
      caller: { actor: caller.actor, role: caller.role, token_id: caller.tokenId },
      ...extra,
    },
  });
}
