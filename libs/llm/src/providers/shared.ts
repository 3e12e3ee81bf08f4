import { z } from 'zod';
import { callDeadline, DEFAULT_RETRY_POLICY, type RetryPolicy } from '../call-control';
import { LlmError } from '../errors';
import { parseStructuredOutput } from '../structured-output';
import type { ChatMessage, CompletionRequest, CompletionResult, CompletionUsage } from '../types';
import type { ProviderId } from '@huntforge/contracts/workflow';
import type { OutboundGuardOptions } from '../outbound/outbound-guard';

export interface ProviderBaseOptions {
  retry?: RetryPolicy;
  /** The call-time check of the base URL's addresses (default policy from process.env). */
  guard?: OutboundGuardOptions;
}

export const JSON_ANSWER_RULE = 'Answer with one JSON object only: no code fences, no prose before or after it.';

/** The system prompt, plus the JSON rule when a schema is expected (OpenAI's JSON mode also requires the word). */
export function systemWithJsonRule(request: CompletionRequest<unknown>): string {
  return request.responseSchema ? `${request.system.trim()}\n\n${JSON_ANSWER_RULE}`.trim() : request.system;
}

/** Anthropic and some chat servers want alternating roles starting with the user: merge neighbours. */
export function alternatingMessages(messages: ChatMessage[]): ChatMessage[] {
  const merged: ChatMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last && last.role === message.role) last.content = `${last.content}\n\n${message.content}`;
    else merged.push({ ...message });
  }
  if (merged[0]?.role !== 'user') merged.unshift({ role: 'user', content: '(continue)' });
  return merged;
}

/** JSON Schema of the expected answer for providers that can enforce one; undefined when zod cannot express it. */
export function jsonSchemaOf(schema: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

interface RawAnswer {
  text: string;
  inputTokens: number;
  outputTokens: number;
  model: string;
  attempts: number;
}

/**
 * The frame every provider shares: a deadline over the whole call (timeout and caller cancellation),
 * latency measured around it, and structured parsing of the answer. `call` does the provider work.
 */
export async function runCompletion<T>(
  provider: ProviderId,
  request: CompletionRequest<T>,
  signal: AbortSignal | undefined,
  call: (deadline: AbortSignal) => Promise<RawAnswer>,
): Promise<CompletionResult<T>> {
  const deadline = callDeadline(request.timeoutMs, signal);
  const started = performance.now();
  let answer: RawAnswer;
  try {
    answer = await call(deadline.signal);
  } catch (error) {
    if (deadline.signal.aborted && deadline.signal.reason instanceof LlmError) throw withProvider(deadline.signal.reason, provider);
    if (error instanceof LlmError) throw withProvider(error, provider);
    throw new LlmError('provider_error', `${provider} call failed unexpectedly`, { provider });
  } finally {
    deadline.dispose();
  }
  const usage: CompletionUsage = {
    inputTokens: answer.inputTokens,
    outputTokens: answer.outputTokens,
    latencyMs: Math.round(performance.now() - started),
  };
  const result: CompletionResult<T> = { text: answer.text, usage, model: answer.model, provider, attempts: answer.attempts };
  if (request.responseSchema) result.json = parseStructuredOutput(answer.text, request.responseSchema, provider);
  return result;
}

function withProvider(error: LlmError, provider: string): LlmError {
  error.details.provider ??= provider;
  return error;
}

export function retryPolicyOf(options: ProviderBaseOptions): RetryPolicy {
  return options.retry ?? DEFAULT_RETRY_POLICY;
}
