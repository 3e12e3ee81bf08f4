import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { MCP_ERROR_CODES, roleSatisfies } from '@huntforge/contracts';
import type { ToolCallRecorder } from '../audit/tool-call-recorder';
import type { Caller } from '../caller/caller';
import { findTool } from '../tools/catalog';

interface PendingCall {
  tool: string;
  arguments: unknown;
  started: number;
  outcome?: string;
  errorCode?: string;
}

type Message = Record<string, unknown>;

/**
 * Wraps a transport so every `tools/call` is audited, whatever becomes of it: calls the SDK refuses before
 * any tool runs (unknown or out-of-scope tool, invalid arguments) included. The audit row is written before
 * the answer leaves, so a caller never sees a result the audit does not hold.
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
      this.observeRequest(raw);
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

  private observeRequest(message: Message): void {
    if (message['method'] !== 'tools/call' || message['id'] === undefined) return;
    const params = (message['params'] ?? {}) as Message;
    this.pending.set(message['id'] as RequestId, {
      tool: typeof params['name'] === 'string' ? params['name'].slice(0, 100) : '(none)',
      arguments: params['arguments'],
      started: performance.now(),
    });
  }

  private async observeResponse(message: Message): Promise<void> {
    const id = message['id'] as RequestId | undefined;
    const call = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || !call || !('result' in message || 'error' in message)) return;
    this.pending.delete(id);
    const { outcome, errorCode, errorMessage } = this.judge(call, message);
    await this.recorder.record(this.caller, this.transport, {
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
    if (call.outcome && (call.outcome !== 'error' || failed)) return { outcome: call.outcome, errorCode: call.errorCode, errorMessage: failed ? textOf(message) : undefined };
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
