import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';
import type { Logger } from '@huntforge/platform';
import type { Caller } from '../caller/caller';
import type { AuditRepository } from '@huntforge/data';
import { redactArguments, redactText } from './redact';

export interface ToolCallRecord {
  tool: string;
  arguments: unknown;
  outcome: string;
  durationMs: number;
  errorCode?: string;
  errorMessage?: string;
}

/** The outcome of an event written before its call runs; a row left with it means the call never finished. */
export const RUNNING_OUTCOME = 'running';

/**
 * Writes one audit event per tool call. A call is audited before it runs (`begin`, which throws when the audit
 * cannot be written: the call must then be refused) and completed with its outcome once answered (`finish`).
 */
export class ToolCallRecorder {
  constructor(
    private readonly repo: Pick<AuditRepository, 'record' | 'update'>,
    private readonly logger: Logger,
  ) {}

  /** Records the call as running and returns the event's id. Throws when the audit cannot be written. */
  async begin(caller: Caller, transport: 'http' | 'stdio', call: Pick<ToolCallRecord, 'tool' | 'arguments'>): Promise<number> {
    const row = await this.repo.record({
      type: AUDIT_EVENT_TYPES.mcpToolCall,
      actor: caller.actor,
      tool: redactText(call.tool),
      outcome: RUNNING_OUTCOME,
      durationMs: null,
      payload: payloadOf(caller, transport, { ...call, outcome: RUNNING_OUTCOME, durationMs: 0 }),
    });
    return row.id;
  }

  /** Completes the event `begin` wrote; a failure is logged (the row still shows the call as running). */
  async finish(id: number, caller: Caller, transport: 'http' | 'stdio', call: ToolCallRecord): Promise<void> {
    try {
      await this.repo.update(id, { outcome: call.outcome, durationMs: call.durationMs, payload: payloadOf(caller, transport, call) });
    } catch (error) {
      this.logger.error(
        { tool: redactText(call.tool), err: error instanceof Error ? error.message : String(error) },
        'could not complete an MCP tool call in the audit',
      );
    }
  }

  /** One complete event for a call refused before it ran; a failed write is logged (nothing ran). */
  async record(caller: Caller, transport: 'http' | 'stdio', call: ToolCallRecord): Promise<void> {
    try {
      await this.repo.record({
        type: AUDIT_EVENT_TYPES.mcpToolCall,
        actor: caller.actor,
        tool: redactText(call.tool),
        outcome: call.outcome,
        durationMs: call.durationMs,
        payload: payloadOf(caller, transport, call),
      });
    } catch (error) {
      this.logger.error(
        { tool: redactText(call.tool), err: error instanceof Error ? error.message : String(error) },
        'could not record a refused MCP tool call in the audit',
      );
    }
  }
}

function payloadOf(caller: Caller, transport: 'http' | 'stdio', call: ToolCallRecord): Record<string, unknown> {
  return {
    arguments: redactArguments(call.arguments ?? {}),
    caller: { actor: caller.actor, role: caller.role, token_id: caller.tokenId },
    transport,
    ...(call.errorCode ? { error_code: call.errorCode } : {}),
    ...(call.errorMessage ? { error_message: redactText(call.errorMessage).slice(0, 500) } : {}),
  };
}
