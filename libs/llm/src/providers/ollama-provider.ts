import { Ollama } from 'ollama';
import { errorForStatus, withRetries, type AttemptFailure } from '../call-control';
import { LlmError } from '../errors';
import type { LlmProvider } from '../types';
import { guardedFetchFor, refusedBaseUrl, type OutboundGuardOptions } from '../outbound/outbound-guard';
import { jsonSchemaOf, retryPolicyOf, runCompletion, systemWithJsonRule, type ProviderBaseOptions } from './shared';

const HOST_KEY = 'OLLAMA_HOST';

export interface OllamaProviderOptions extends ProviderBaseOptions {
  /** e.g. http://127.0.0.1:11434 */
  host: string;
}

/**
 * An Ollama client whose every request carries `signal` (the SDK's own abort() would cancel all clients' calls) and
 * whose connections go through the outbound guard (loopback and private allowed for Ollama, metadata never).
 */
export function createOllamaClient(host: string, signal?: AbortSignal, guard?: OutboundGuardOptions): Ollama {
  const guarded = guardedFetchFor(HOST_KEY, host, guard);
  const boundFetch: typeof fetch = (input, init) => guarded(input, { ...init, signal: signal ?? init?.signal });
  return new Ollama({ host, fetch: boundFetch });
}

export function classifyOllamaError(error: unknown, provider = 'ollama', guard?: OutboundGuardOptions): AttemptFailure {
  const refused = refusedBaseUrl(error, provider, HOST_KEY, guard);
  if (refused) return { error: refused };
  const status = (error as { status_code?: unknown }).status_code;
  if (typeof status === 'number') return { error: errorForStatus(provider, status) };
  return { error: new LlmError('provider_unavailable', `${provider} could not be reached`, { provider }) };
}

const EFFORT_THINK = new Set(['low', 'medium', 'high']);

export function createOllamaProvider(options: OllamaProviderOptions): LlmProvider {
  const policy = retryPolicyOf(options);
  return {
    id: 'ollama',
    complete(request, signal) {
      return runCompletion('ollama', request, signal, async (deadline) => {
        const client = createOllamaClient(options.host, deadline, options.guard);
        const schema = jsonSchemaOf(request.responseSchema);
        const { value, attempts } = await withRetries(
          policy,
          deadline,
          () =>
            client.chat({
              model: request.model,
              stream: false,
              messages: [{ role: 'system', content: systemWithJsonRule(request) }, ...request.messages],
              ...(request.responseSchema ? { format: schema ?? 'json' } : {}),
              ...(request.effort && EFFORT_THINK.has(request.effort) ? { think: request.effort as 'low' | 'medium' | 'high' } : {}),
              options: {
                ...(request.temperature != null ? { temperature: request.temperature } : {}),
                ...(request.topP != null ? { top_p: request.topP } : {}),
                ...(request.maxOutputTokens ? { num_predict: request.maxOutputTokens } : {}),
              },
            }),
          (error) => classifyOllamaError(error, 'ollama', options.guard),
        );
        return {
          text: value.message?.content ?? '',
          inputTokens: value.prompt_eval_count ?? 0,
          outputTokens: value.eval_count ?? 0,
          model: value.model || request.model,
          attempts,
        };
      });
    },
  };
}
