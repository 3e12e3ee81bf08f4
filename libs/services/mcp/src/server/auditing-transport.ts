import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { roleSatisfies } from '@huntforge/contracts';
import { MCP_ERROR_CODES } from '@huntforge/contracts/mcp';
import type { ToolCallRecorder } from '../audit/tool-call-recorder';
import type { Caller } from '../caller/caller';
import { findTool } from '../tools/catalog';

interface PendingCall {
  /** The audit event written before the call ran. */
  auditId: number;
  tool: string;
  arguments: unknown;
  started: number;
  outcome?: string;
  errorCode?: string;
}

type Message = Record<string, unknown>;

/** JSON-RPC's codes for a request refused before the server sees it. */
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

function isObject(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when a string or key anywhere in `value` holds a NUL character (PostgreSQL text cannot). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * Wraps a transport so every `tools/call` is audited, whatever becomes of it: calls the SDK refuses before
 * any tool runs (unknown or out-of-scope tool, invalid arguments) included. Audit or refuse: the event is
 * written before the call reaches the server, and a call whose event cannot be written is refused without
 * running; the event is completed with the outcome before the answer leaves. Arguments holding NUL characters
 * and calls without `params` are refused here with -32602 (invalid params).
 */
export class AuditingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly pending = new Map<RequestId, PendingCall>();
  /** Every request (any method) not answered yet, so a closing stdio session can finish them first. */
  private readonly unanswered = new Set<RequestId>();
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly inner: Transport,
    private readonly recorder: ToolCallRecorder,
    private readonly caller: Caller,
    private readonly transport: 'http' | 'stdio',
  ) {
    inner.onmessage = (message, extra) => {
      const raw = message as unknown as Message;
      if (typeof raw['method'] === 'string' && raw['id'] !== undefined) this.unanswered.add(raw['id'] as RequestId);
      if (raw['method'] === 'tools/call' && raw['id'] !== undefined) {
        void this.admit(raw, () => this.onmessage?.(message, extra)).catch((error: unknown) =>
          this.onerror?.(error instanceof Error ? error : new Error(String(error))),
        );
        return;
      }
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const raw = message as unknown as Message;
    await this.observeResponse(raw);
    try {
      return await this.inner.send(message, options);
    } finally {
      if (raw['id'] !== undefined && !('method' in raw)) this.answered(raw['id'] as RequestId);
    }
  }

  /** Resolves once every request received so far has been answered. */
  whenIdle(): Promise<void> {
    if (this.unanswered.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private answered(id: RequestId): void {
    this.unanswered.delete(id);
    if (this.unanswered.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  /** A tool handler's word on how its call ended (pending_confirmation, or the code of its error). */
  note(requestId: RequestId, outcome: string, errorCode?: string): void {
    const call = this.pending.get(requestId);
    if (!call) return;
    call.outcome = outcome;
    if (errorCode) call.errorCode = errorCode;
  }

  /** Audits a tools/call before passing it on (`forward`), or answers it with an error and never passes it on. */
  private async admit(message: Message, forward: () => void): Promise<void> {
    const id = message['id'] as RequestId;
    const params = message['params'];
    const tool = isObject(params) && typeof params['name'] === 'string' ? params['name'].slice(0, 100) : '(none)';
    const args = isObject(params) ? params['arguments'] : undefined;
    const started = performance.now();
    const invalid =
      !isObject(params) || typeof params['name'] !== 'string' || (args !== undefined && !isObject(args))
        ? 'tools/call needs params {"name": string, "arguments": object}'
        : holdsNul(params)
          ? 'text may not contain NUL characters (\\u0000)'
          : null;
    if (invalid !== null) {
      await this.recorder.record(this.caller, this.transport, {
        tool,
        arguments: args,
        outcome: 'error',
        durationMs: 0,
        errorCode: MCP_ERROR_CODES.invalidArguments,
        errorMessage: invalid,
      });
      await this.refuse(id, INVALID_PARAMS, `Invalid params: ${invalid}`);
      return;
    }
    let auditId: number;
    try {
      auditId = await this.recorder.begin(this.caller, this.transport, { tool, arguments: args });
    } catch {
      await this.refuse(id, INTERNAL_ERROR, 'The call was not run: its audit event could not be written');
      return;
    }
    this.pending.set(id, { auditId, tool, arguments: args, started });
    forward();
  }

  private async refuse(id: RequestId, code: number, text: string): Promise<void> {
    await this.send({ jsonrpc: '2.0', id, error: { code, message: text } });
  }

  private async observeResponse(message: Message): Promise<void> {
    const id = message['id'] as RequestId | undefined;
    const call = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || !call || !('result' in message || 'error' in message)) return;
    this.pending.delete(id);
    const { outcome, errorCode, errorMessage } = this.judge(call, message);
    await this.recorder.finish(call.auditId, this.caller, this.transport, {
      tool: call.tool,
      arguments: call.arguments,
      outcome,
      durationMs: Math.round(performance.now() - call.started),
      errorCode,
      errorMessage,
    });
  }

  private judge(call: PendingCall, message: Message): { outcome: string; errorCode?: string; errorMessage?: string } {
    const result = (message['result'] ?? {}) as Message;
    const failed = 'error' in message || result['isError'] === true;
    if (call.outcome && (call.outcome !== 'error' || failed))
      return { outcome: call.outcome, errorCode: call.errorCode, errorMessage: failed ? textOf(message) : undefined };
    if (!failed) return { outcome: 'ok' };
    const tool = findTool(call.tool);
    if (tool && !roleSatisfies(this.caller.role, tool.minRole)) {
      return { outcome: 'forbidden', errorCode: MCP_ERROR_CODES.forbidden, errorMessage: `${call.tool} needs the ${tool.minRole} role` };
    }
    const text = textOf(message);
    const code = !tool ? MCP_ERROR_CODES.notFound : /validation error/i.test(text) ? MCP_ERROR_CODES.invalidArguments : call.errorCode;
    return { outcome: 'error', errorCode: code, errorMessage: text };
  }
}

function textOf(message: Message): string {
  const error = message['error'] as Message | undefined;
  if (error && typeof error['message'] === 'string') return error['message'];
  const content = ((message['result'] as Message | undefined)?.['content'] ?? []) as Message[];
  return content.map((part) => (typeof part['text'] === 'string' ? part['text'] : '')).join(' ');
}
