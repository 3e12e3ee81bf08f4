import { z } from 'zod';
import { startFakeOpenAi, type FakeProviderServer } from '@huntforge/testing';
import type { ModelCapabilities } from '@huntforge/contracts/workflow';
import { LlmError } from '../errors';
import { createOpenAiProvider } from './openai-provider';

const KEY = 'sk-test-openai-0123456789abcdef';
const fastRetry = { retries: 2, baseDelayMs: 10, maxDelayMs: 2_000 };
const capabilities = new Map<string, ModelCapabilities>([
  [
    'gpt-4.1-mini',
    { supports_temperature: true, supports_top_p: true, effort_levels: [], default_effort: null, source: 'capabilities_file' },
  ],
  [
    'gpt-5-mini',
    {
      supports_temperature: false,
      supports_top_p: false,
      effort_levels: ['minimal', 'low', 'medium', 'high'],
      default_effort: 'medium',
      source: 'capabilities_file',
    },
  ],
]);

describe('openai provider (real SDK against a fake OpenAI server)', () => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await startFakeOpenAi({ apiKey: KEY, models: ['gpt-4.1-mini'] });
  });
  afterEach(() => server.close());

  const provider = () => createOpenAiProvider({ apiKey: KEY, baseUrl: server.baseUrl, capabilities, retry: fastRetry });

  it('sends system and user messages and returns text, parsed JSON and usage', async () => {
    server.enqueue('chat', { text: '```json\n{"score": 8, "reasoning": "many commands"}\n```', usage: { input: 120, output: 30 } });
    const result = await provider().complete({
      model: 'gpt-4.1-mini',
      system: 'You rank articles.',
      messages: [{ role: 'user', content: 'Rank this.' }],
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 500,
      responseSchema: z.object({ score: z.number(), reasoning: z.string() }),
      timeoutMs: 5_000,
    });
    expect(result).toMatchObject({
      provider: 'openai',
      model: 'gpt-4.1-mini',
      json: { score: 8, reasoning: 'many commands' },
      attempts: 1,
    });
    expect(result.usage).toMatchObject({ inputTokens: 120, outputTokens: 30 });
    expect(result.usage.latencyMs).toBeGreaterThanOrEqual(0);
    const [request] = server.chatRequests();
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({
      model: 'gpt-4.1-mini',
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 500,
      response_format: { type: 'json_object' },
      messages: [{ role: 'system' }, { role: 'user', content: 'Rank this.' }],
    });
    expect((request?.body as { messages: Array<{ content: string }> }).messages[0]?.content).toMatch(/^You rank articles\.[\s\S]*JSON/);
  });

  it('gives reasoning models no temperature or top_p, max_completion_tokens and the effort', async () => {
    server.enqueue('chat', { text: 'done' });
    await provider().complete({
      model: 'gpt-5-mini',
      system: 's',
      messages: [{ role: 'user', content: 'u' }],
      temperature: 0.7,
      topP: 0.5,
      effort: 'low',
      maxOutputTokens: 800,
      timeoutMs: 5_000,
    });
    const body = server.chatRequests()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'gpt-5-mini', reasoning_effort: 'low', max_completion_tokens: 800 });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('max_tokens');
  });

  it('does not send an effort the model does not list, nor one to a non-reasoning model', async () => {
    server.enqueue('chat', { text: 'a' }, { text: 'b' });
    await provider().complete({
      model: 'gpt-5-mini',
      system: 's',
      messages: [{ role: 'user', content: 'u' }],
      effort: 'xhigh',
      timeoutMs: 5_000,
    });
    await provider().complete({
      model: 'gpt-4.1-mini',
      system: 's',
      messages: [{ role: 'user', content: 'u' }],
      effort: 'low',
      timeoutMs: 5_000,
    });
    for (const request of server.chatRequests()) expect(request.body).not.toHaveProperty('reasoning_effort');
  });

  it('retries a 429 after its Retry-After and a 5xx with backoff, then succeeds', async () => {
    server.enqueue('chat', { status: 429, headers: { 'retry-after': '1' } }, { status: 503 }, { text: 'finally' });
    const started = Date.now();
    const result = await provider().complete({
      model: 'gpt-4.1-mini',
      system: 's',
      messages: [{ role: 'user', content: 'u' }],
      timeoutMs: 10_000,
    });
    expect(result.text).toBe('finally');
    expect(result.attempts).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('gives up after the retry budget with provider_unavailable', async () => {
    server.enqueue('chat', { status: 500 }, { status: 502 }, { status: 500 }, { text: 'too late' });
    await expect(
      provider().complete({ model: 'gpt-4.1-mini', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 }),
    ).rejects.toMatchObject({ code: 'provider_unavailable', details: { status: 500, attempts: 3 } });
  });

  it('does not retry a rejected key and never echoes it', async () => {
    const wrong = 'sk-wrong-key-that-must-not-leak-1234';
    const bad = createOpenAiProvider({ apiKey: wrong, baseUrl: server.baseUrl, retry: fastRetry });
    const error = await bad
      .complete({ model: 'gpt-4.1-mini', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ code: 'authentication_failed', details: { status: 401, attempts: 1 } });
    expect(JSON.stringify({ message: (error as Error).message, details: (error as LlmError).details })).not.toContain(wrong.slice(3, 20));
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('times out a slow answer with code timeout', async () => {
    server.enqueue('chat', { text: 'slow', delayMs: 2_000 });
    await expect(
      provider().complete({ model: 'gpt-4.1-mini', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 200 }),
    ).rejects.toMatchObject({ code: 'timeout' });
  });

  it('stops when the caller aborts, with code cancelled', async () => {
    server.enqueue('chat', { text: 'slow', delayMs: 2_000 });
    const controller = new AbortController();
    const call = provider().complete(
      { model: 'gpt-4.1-mini', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('cancels a retry wait too', async () => {
    server.enqueue('chat', { status: 429, headers: { 'retry-after': '20' } });
    const controller = new AbortController();
    const call = provider().complete(
      { model: 'gpt-4.1-mini', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 60_000 },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 150);
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('answers invalid_model_output when the JSON cannot be repaired into the schema', async () => {
    server.enqueue('chat', { text: 'I would rather not.' });
    await expect(
      provider().complete({
        model: 'gpt-4.1-mini',
        system: 's',
        messages: [{ role: 'user', content: 'u' }],
        responseSchema: z.object({ score: z.number() }),
        timeoutMs: 5_000,
      }),
    ).rejects.toMatchObject({ code: 'invalid_model_output', details: { provider: 'openai' } });
  });
});
