import { callDeadline } from '../call-control';
import { LlmError } from '../errors';
import { classifyAnthropicError, createAnthropicClient } from './anthropic-provider';
import { classifyOllamaError, createOllamaClient } from './ollama-provider';
import { classifyOpenAiError, createOpenAiClient } from './openai-provider';
import type { AttemptFailure } from '../call-control';
import type { OutboundGuardOptions } from '../outbound/outbound-guard';

export interface ListModelsOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  guard?: OutboundGuardOptions;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Enough for every real catalog; a server paging forever cannot hold the job. */
const MAX_MODELS = 2_000;

async function collect(
  options: ListModelsOptions,
  classify: (error: unknown) => AttemptFailure,
  fetchIds: (signal: AbortSignal) => Promise<string[]>,
): Promise<string[]> {
  const deadline = callDeadline(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal);
  try {
    return await fetchIds(deadline.signal);
  } catch (error) {
    if (deadline.signal.aborted && deadline.signal.reason instanceof LlmError) throw deadline.signal.reason;
    throw classify(error).error;
  } finally {
    deadline.dispose();
  }
}

/** Model ids OpenAI (or a compatible server) lists for this key. Fails with authentication_failed on a bad key. */
export function listOpenAiModels(connection: { apiKey: string; baseUrl?: string }, options: ListModelsOptions = {}): Promise<string[]> {
  return collect(
    options,
    (error) => classifyOpenAiError(error, 'openai', options.guard),
    async (signal) => {
      const client = createOpenAiClient({ ...connection, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, guard: options.guard });
      const ids: string[] = [];
      for await (const model of client.models.list({ signal })) {
        ids.push(model.id);
        if (ids.length >= MAX_MODELS) break;
      }
      return ids;
    },
  );
}

export function listAnthropicModels(connection: { apiKey: string; baseUrl?: string }, options: ListModelsOptions = {}): Promise<string[]> {
  return collect(
    options,
    (error) => classifyAnthropicError(error, 'anthropic', options.guard),
    async (signal) => {
      const client = createAnthropicClient({ ...connection, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, guard: options.guard });
      const ids: string[] = [];
      for await (const model of client.models.list({ limit: 100 }, { signal })) {
        ids.push(model.id);
        if (ids.length >= MAX_MODELS) break;
      }
      return ids;
    },
  );
}

/** Models installed on an Ollama server (its tags list). */
export function listOllamaModels(connection: { host: string }, options: ListModelsOptions = {}): Promise<string[]> {
  return collect(
    options,
    (error) => classifyOllamaError(error, 'ollama', options.guard),
    async (signal) => {
      const listed = await createOllamaClient(connection.host, signal, options.guard).list();
      return listed.models.map((model) => model.name).slice(0, MAX_MODELS);
    },
  );
}
