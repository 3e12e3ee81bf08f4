import Anthropic from '@anthropic-ai/sdk';
import { errorForStatus, retryAfterMs, withRetries, type AttemptFailure } from '../call-control';
import { LlmError } from '../errors';
import { findCapabilities, type CapabilitiesMap } from '../models/capabilities';
import type { LlmProvider } from '../types';
import { guardedFetchFor, refusedBaseUrl, type OutboundGuardOptions } from '../outbound/outbound-guard';
import { alternatingMessages, retryPolicyOf, runCompletion, systemWithJsonRule, type ProviderBaseOptions } from './shared';

const BASE_URL_KEY = 'ANTHROPIC_BASE_URL';

export interface AnthropicProviderOptions extends ProviderBaseOptions {
  apiKey: string;
  /** Without /v1 (the SDK appends it), e.g. https://api.anthropic.com. */
  baseUrl?: string;
  capabilities?: CapabilitiesMap;
}

const DEFAULT_MAX_TOKENS = 4096;

export function classifyAnthropicError(error: unknown, provider = 'anthropic', guard?: OutboundGuardOptions): AttemptFailure {
  const refused = refusedBaseUrl(error, provider, BASE_URL_KEY, guard);
  if (refused) return { error: refused };
  if (error instanceof Anthropic.APIConnectionError)
    return { error: new LlmError('provider_unavailable', `${provider} could not be reached`, { provider }) };
  if (error instanceof Anthropic.APIError) {
    // 529 is Anthropic's "overloaded": retry like a 5xx.
    return { error: errorForStatus(provider, error.status), retryAfterMs: retryAfterMs(error.headers) };
  }
  return { error: new LlmError('provider_error', `${provider} call failed`, { provider }) };
}

/** Every connection of the client goes through the outbound guard (the base URL's addresses vetted when connecting). */
export function createAnthropicClient(options: {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  guard?: OutboundGuardOptions;
}): Anthropic {
  return new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseUrl || undefined,
    maxRetries: 0,
    timeout: options.timeoutMs,
    fetch: guardedFetchFor(BASE_URL_KEY, options.baseUrl, options.guard),
  });
}

/**
 * Anthropic messages: the system prompt travels in `system` (never as a message), roles alternate, and
 * 429/5xx/529 are retried here with Retry-After or exponential backoff (the SDK's own retries are off).
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): LlmProvider {
  const policy = retryPolicyOf(options);
  return {
    id: 'anthropic',
    complete(request, signal) {
      return runCompletion('anthropic', request, signal, async (deadline) => {
        const client = createAnthropicClient({
          apiKey: options.apiKey,
          baseUrl: options.baseUrl,
          timeoutMs: request.timeoutMs,
          guard: options.guard,
        });
        const caps = options.capabilities ? findCapabilities(options.capabilities, request.model) : undefined;
        // temperature/top_p left the SDK's types with the models that refuse them; older models still take them.
        const body: Anthropic.MessageCreateParamsNonStreaming & { temperature?: number; top_p?: number } = {
          model: request.model,
          system: systemWithJsonRule(request),
          messages: alternatingMessages(request.messages),
          max_tokens: request.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
        };
        if (request.temperature != null && (caps?.supports_temperature ?? true)) body.temperature = request.temperature;
        // Current Claude models refuse temperature and top_p together; temperature wins.
        if (request.topP != null && body.temperature === undefined && (caps?.supports_top_p ?? true)) body.top_p = request.topP;
        if (request.effort && caps?.effort_levels.includes(request.effort)) {
          body.output_config = { effort: request.effort as NonNullable<Anthropic.OutputConfig['effort']> };
        }
        const { value, attempts } = await withRetries(
          policy,
          deadline,
          () => client.messages.create(body, { signal: deadline }),
          (error) => classifyAnthropicError(error, 'anthropic', options.guard),
        );
        const text = value.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
        return {
          text,
          inputTokens: value.usage?.input_tokens ?? 0,
          outputTokens: value.usage?.output_tokens ?? 0,
          model: value.model || request.model,
          attempts,
        };
      });
    },
  };
}
