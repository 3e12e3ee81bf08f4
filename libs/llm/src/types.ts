import type { z } from 'zod';
import type { ProviderId } from '@huntforge/contracts/workflow';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest<T = unknown> {
  model: string;
  system: string;
  messages: ChatMessage[];
  temperature?: number | null;
  topP?: number | null;
  /** Reasoning effort; sent only to models whose capabilities list effort levels. */
  effort?: string | null;
  maxOutputTokens?: number;
  /** When set the answer is parsed (with repair) into `json`; a mismatch is an `invalid_model_output` error. */
  responseSchema?: z.ZodType<T>;
  /** Whole call including retries. */
  timeoutMs: number;
}

export interface CompletionUsage {
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

export interface CompletionResult<T = unknown> {
  text: string;
  json?: T;
  usage: CompletionUsage;
  model: string;
  provider: ProviderId;
  /** Calls made, retries included. */
  attempts: number;
}

export interface LlmProvider {
  readonly id: ProviderId;
  complete<T = unknown>(request: CompletionRequest<T>, signal?: AbortSignal): Promise<CompletionResult<T>>;
}
