import { AUDIT_EVENT_TYPES } from '@huntforge/contracts';
import type { Logger } from '@huntforge/platform';
import type { Caller } from '../caller/caller';
import type { AuditRepository } from '@huntforge/data';
import { redactArguments } from './redact';

export interface ToolCallRecord {
  tool: string;
  arguments: unknown;
  outcome: string;
  durationMs: number;
  errorCode?: string;
  errorMessage?: string;
}

/** Writes one audit event per tool call; a failed write is logged, never turned into the caller's error. */
export class ToolCallRecorder {
  constructor(
    private readonly repo: Pick<AuditRepository, 'record'>,
    private readonly logger: Logger,
  ) {}

  async record(caller: Caller, transport: 'http' | 'stdio', call: ToolCallRecord): Promise<void> {
    try {
      await this.repo.record({
        type: AUDIT_EVENT_TYPES.mcpToolCall,
        actor: caller.actor,
        tool: call.tool,
        outcome: call.outcome,
        durationMs: call.durationMs,
        payload: {
          arguments: redactArguments(call.arguments ?? {}),
          caller: { actor: caller.actor, role: caller.role, token_id: caller.tokenId },
          transport,
          ...(call.errorCode ? { error_code: call.errorCode } : {}),
          ...(call.errorMessage ? { error_message: call.errorMessage.slice(0, 500) } : {}),
        },
      });
    } catch (error) {
      this.logger.error({ tool: call.tool, err: error instanceof Error ? error.message : String(error) }, 'could not record an MCP tool call in the audit');
    }
  }
}
