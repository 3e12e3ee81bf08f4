import { LOCAL_ACTOR } from '@huntforge/contracts/http';
import { AUDIT_EVENT_TYPES, MCP_ERROR_CODES, type McpConfirmation, type McpHighRiskTool } from '@huntforge/contracts/mcp';
import { HttpError } from '@huntforge/platform';
import { routeCallFor } from '../actions/action-table';
import type { Caller } from '../caller/caller';
import type { McpPorts } from '../ports';
import type { ConfirmationRecord } from '../repositories/confirmation-repository';
import { auditDecision, claimConfirmation, existingConfirmation, type ClaimDeps } from './confirmation-parts';
import { toConfirmationView } from './confirmation-view';

export interface ConfirmRequestDeps extends ClaimDeps, Pick<McpPorts, 'audit' | 'logger' | 'allowSelfConfirmation'> {
  confirmations: Pick<McpPorts['confirmations'], 'find' | 'expireDue' | 'decide' | 'finish'>;
  services: Pick<McpPorts['services'], 'call'>;
}

export interface ConfirmRequestCommand {
  id: string;
  /** The person confirming: the stored action runs as them. */
  caller: Caller;
  reason: string | null;
}

/**
 * POST /api/mcp/confirmations/{id}/confirm: claims the pending request, runs its stored action as the
 * confirming person and records what it did (a refused or failed action leaves the request `failed`).
 */
export async function confirmRequest(deps: ConfirmRequestDeps, command: ConfirmRequestCommand): Promise<McpConfirmation> {
  const { id, caller, reason } = command;
  const started = performance.now();
  await refuseSelfConfirmation(deps, await existingConfirmation(deps, id), caller);
  const row = await claimConfirmation(deps, { id, status: 'confirmed', caller, reason });
  let outcome: { status: 'confirmed' | 'failed'; result: unknown; error: string | null };
  try {
    const answer = await deps.services.call(routeCallFor(row.tool as McpHighRiskTool, row.arguments), caller);
    outcome = answer.ok
      ? { status: 'confirmed', result: { http_status: answer.http_status, body: answer.body }, error: null }
      : {
          status: 'failed',
          result: { http_status: answer.http_status, body: { error: answer.error } },
          error: `HTTP ${answer.http_status}: ${answer.error.message}`,
        };
  } catch (error) {
    deps.logger.warn(
      { confirmationId: id, tool: row.tool, err: error instanceof Error ? error.message : String(error) },
      'confirmed action could not run',
    );
    outcome = { status: 'failed', result: null, error: error instanceof Error ? error.message : String(error) };
  }
  const finished = await deps.confirmations.finish(id, outcome);
  await auditDecision(deps, {
    type: AUDIT_EVENT_TYPES.mcpConfirmationConfirmed,
    row: finished,
    caller,
    outcome: outcome.status === 'confirmed' ? 'ok' : 'error',
    started,
    extra: {
      http_status: (outcome.result as { http_status?: number } | null)?.http_status ?? null,
      error: outcome.error,
    },
  });
  return toConfirmationView(finished);
}

/**
 * A token that filed a request cannot also confirm it, or an agent holding one token could approve its
 * own actions. The check is on the actor, not on the token id: a decision that reaches this service
 * through the gateway carries the vouched actor (`token:<name>`, also for a browser session) and no
 * token id. Only `local` (authentication off: one person, no tokens) is exempt.
 */
async function refuseSelfConfirmation(
  deps: Pick<McpPorts, 'allowSelfConfirmation'>,
  row: ConfirmationRecord,
  caller: Caller,
): Promise<void> {
  if (caller.actor === LOCAL_ACTOR || row.requestedBy !== caller.actor) return;
  if (await deps.allowSelfConfirmation()) return;
  throw new HttpError(
    409,
    MCP_ERROR_CODES.selfConfirmation,
    `Confirmation request ${row.id} was filed by ${caller.actor}; another person must confirm it (or an admin sets MCP_ALLOW_SELF_CONFIRMATION)`,
  );
}
