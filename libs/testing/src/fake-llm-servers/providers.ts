import { startScriptedServer, type Envelopes, type FakeProviderServer, type FakeServerOptions } from './scripted-server';

const now = () => Math.floor(Date.now() / 1000);
const modelOf = (request: unknown) => (request as { model?: string } | undefined)?.model ?? 'unknown-model';

const openAiEnvelopes: Envelopes = {
  routes: { chat: { method: 'POST', path: '/v1/chat/completions' }, models: { method: 'GET', path: '/v1/models' } },
  baseUrl: (url) => `${url}/v1`,
  chat: (text, request, usage) => ({
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: now(),
    model: modelOf(request),
    choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  }),
  models: (ids) => ({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created: now(), owned_by: 'fake' })) }),
  error: (status, message) => ({
    error: { message, type: status === 401 ? 'invalid_request_error' : 'server_error', code: String(status) },
  }),
  authorised: (headers, apiKey) => headers.authorization === `Bearer ${apiKey}`,
};

const anthropicEnvelopes: Envelopes = {
  routes: { chat: { method: 'POST', path: '/v1/messages' }, models: { method: 'GET', path: '/v1/models' } },
  baseUrl: (url) => url,
  chat: (text, request, usage) => ({
    id: `msg_fake_${Date.now()}`,
    type: 'message',
    role: 'assistant',
    model: modelOf(request),
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  }),
  models: (ids) => ({
    data: ids.map((id) => ({ id, type: 'model', display_name: id, created_at: new Date().toISOString() })),
    has_more: false,
    first_id: ids[0] ?? null,
    last_id: ids.at(-1) ?? null,
  }),
  error: (status, message) => ({
    type: 'error',
    error: { type: status === 429 ? 'rate_limit_error' : status === 401 ? 'authentication_error' : 'api_error', message },
  }),
  // Older SDKs send x-api-key, current ones a bearer token: accept either.
  authorised: (headers, apiKey) => headers['x-api-key'] === apiKey || headers.authorization === `Bearer ${apiKey}`,
};

const ollamaEnvelopes: Envelopes = {
  routes: { chat: { method: 'POST', path: '/api/chat' }, models: { method: 'GET', path: '/api/tags' } },
  baseUrl: (url) => url,
  chat: (text, request, usage) => ({
    model: modelOf(request),
    created_at: new Date().toISOString(),
    message: { role: 'assistant', content: text },
    done: true,
    done_reason: 'stop',
    total_duration: 1_000_000,
    load_duration: 1000,
    prompt_eval_count: usage.input,
    prompt_eval_duration: 1000,
    eval_count: usage.output,
    eval_duration: 1000,
  }),
  models: (ids) => ({
    models: ids.map((name) => ({
      name,
      model: name,
      modified_at: new Date().toISOString(),
      size: 1,
      digest: 'sha256:fake',
      details: { format: 'gguf', family: 'fake', parameter_size: '1B', quantization_level: 'Q4_0' },
    })),
  }),
  error: (_status, message) => ({ error: message }),
  authorised: () => true,
};

/** OpenAI's wire protocol: POST /v1/chat/completions, GET /v1/models (bearer key). */
export function startFakeOpenAi(options?: FakeServerOptions): Promise<FakeProviderServer> {
  return startScriptedServer(openAiEnvelopes, options);
}

/** Anthropic's wire protocol: POST /v1/messages, GET /v1/models (x-api-key or bearer). */
export function startFakeAnthropic(options?: FakeServerOptions): Promise<FakeProviderServer> {
  return startScriptedServer(anthropicEnvelopes, options);
}

/** Ollama's wire protocol: POST /api/chat, GET /api/tags. */
export function startFakeOllama(options?: FakeServerOptions): Promise<FakeProviderServer> {
  return startScriptedServer(ollamaEnvelopes, options);
}
