import OpenAI from 'openai';
import { errorForStatus, retryAfterMs, withRetries, type AttemptFailure } from '../call-control';
import { LlmError } from '../errors';
import { findCapabilities, looksLikeReasoningModel, type CapabilitiesMap } from '../models/capabilities';
import type { CompletionRequest, LlmProvider } from '../types';
import { guardedFetchFor, refusedBaseUrl, type OutboundGuardOptions } from '../outbound/outbound-guard';
import { retryPolicyOf, runCompletion, systemWithJsonRule, type ProviderBaseOptions } from './shared';

const BASE_URL_KEY = 'OPENAI_BASE_URL';

export interface OpenAiProviderOptions extends ProviderBaseOptions {
  apiKey: string;
  /** OpenAI-compatible base URL including /v1 (proxies, compatible servers, tests). */
  baseUrl?: string;
  capabilities?: CapabilitiesMap;
}

export function classifyOpenAiError(error: unknown, provider = 'openai', guard?: OutboundGuardOptions): AttemptFailure {
  const refused = refusedBaseUrl(error, provider, BASE_URL_KEY, guard);
  if (refused) return { error: refused };
  if (error instanceof OpenAI.APIConnectionError)
    return { error: new LlmError('provider_unavailable', `${provider} could not be reached`, { provider }) };
  if (error instanceof OpenAI.APIError) {
    return { error: errorForStatus(provider, error.status), retryAfterMs: retryAfterMs(error.headers) };
  }
  return { error: new LlmError('provider_error', `${provider} call failed`, { provider }) };
}

/** Every connection of the client goes through the outbound guard (the base URL's addresses vetted when connecting). */
export function createOpenAiClient(options: {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  guard?: OutboundGuardOptions;
}): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl || undefined,
    maxRetries: 0,
    timeout: options.timeoutMs,
    fetch: guardedFetchFor(BASE_URL_KEY, options.baseUrl, options.guard),
  });
}

/** What a model takes, from its capabilities entry or, for unlisted models, from its family name. */
function parameterRules(model: string, capabilities?: CapabilitiesMap) {
  const caps = capabilities ? findCapabilities(capabilities, model) : undefined;
  const reasoning = caps ? !caps.supports_temperature && caps.effort_levels.length > 0 : looksLikeReasoningModel(model);
  return {
    reasoning,
    temperature: caps?.supports_temperature ?? !reasoning,
    topP: caps?.supports_top_p ?? !reasoning,
    effort: (effort: string) => (caps ? caps.effort_levels.includes(effort) : reasoning),
  };
}

/** Chat-completions body: reasoning models get no temperature/top_p and use max_completion_tokens. */
export function openAiChatBody(
  request: CompletionRequest<unknown>,
  capabilities?: CapabilitiesMap,
): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
  const rules = parameterRules(request.model, capabilities);
  const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
    model: request.model,
    messages: [{ role: 'system', content: systemWithJsonRule(request) }, ...request.messages],
  };
  if (rules.temperature && request.temperature != null) body.temperature = request.temperature;
  if (rules.topP && request.topP != null) body.top_p = request.topP;
  if (request.effort && rules.effort(request.effort)) body.reasoning_effort = request.effort as OpenAI.ReasoningEffort;
  if (request.maxOutputTokens) {
    if (rules.reasoning) body.max_completion_tokens = request.maxOutputTokens;
    else body.max_tokens = request.maxOutputTokens;
  }
  if (request.responseSchema) body.response_format = { type: 'json_object' };
  return body;
}

export function createOpenAiProvider(options: OpenAiProviderOptions): LlmProvider {
  const policy = retryPolicyOf(options);
  return {
    id: 'openai',
    complete(request, signal) {
      return runCompletion('openai', request, signal, async (deadline) => {
        const client = createOpenAiClient({
          apiKey: options.apiKey,
          baseUrl: options.baseUrl,
          timeoutMs: request.timeoutMs,
          guard: options.guard,
        });
        const body = openAiChatBody(request, options.capabilities);
        const { value, attempts } = await withRetries(
          policy,
          deadline,
          () => client.chat.completions.create(body, { signal: deadline }),
          (error) => classifyOpenAiError(error, 'openai', options.guard),
        );
        return {
          text: value.choices[0]?.message?.content ?? '',
          inputTokens: value.usage?.prompt_tokens ?? 0,
          outputTokens: value.usage?.completion_tokens ?? 0,
          model: value.model || request.model,
          attempts,
        };
      });
    },
  };
}
