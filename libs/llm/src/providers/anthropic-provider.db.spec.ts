import { z } from 'zod';
import { startFakeAnthropic, type FakeProviderServer } from '@huntforge/testing';
import { createAnthropicProvider } from './anthropic-provider';

const KEY = 'sk-ant-test-0123456789abcdef';
const fastRetry = { retries: 3, baseDelayMs: 10, maxDelayMs: 2_000 };

describe('anthropic provider (real SDK against a fake Anthropic server)', () => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await startFakeAnthropic({ apiKey: KEY });
  });
  afterEach(() => server.close());

  const provider = () => createAnthropicProvider({ apiKey: KEY, baseUrl: server.baseUrl, retry: fastRetry });

  it('lifts the system prompt out of the messages and returns text, JSON and usage', async () => {
    server.enqueue('chat', { text: '{"observables": ["whoami"]}', usage: { input: 300, output: 40 } });
    const result = await provider().complete({
      model: 'claude-haiku-4-5',
      system: 'You extract command lines.',
      messages: [
        { role: 'user', content: 'first' },
        { role: 'user', content: 'second' },
      ],
      temperature: 0,
      responseSchema: z.object({ observables: z.array(z.string()) }),
      timeoutMs: 5_000,
    });
    expect(result).toMatchObject({
      provider: 'anthropic',
      json: { observables: ['whoami'] },
      usage: { inputTokens: 300, outputTokens: 40 },
    });
    const [request] = server.chatRequests();
    expect(request?.headers['x-api-key'] ?? String(request?.headers.authorization).replace(/^Bearer /, '')).toBe(KEY);
    const body = request?.body as {
      system: string;
      messages: Array<{ role: string; content: string }>;
      max_tokens: number;
      temperature: number;
    };
    expect(body.system).toMatch(/^You extract command lines\./);
    expect(body.messages).toEqual([{ role: 'user', content: 'first\n\nsecond' }]);
    expect(body.messages.some((message) => message.role === 'system')).toBe(false);
    expect(body.max_tokens).toBe(4096);
    expect(body.temperature).toBe(0);
  });

  it('retries 429 with Retry-After and 529 overloaded, then succeeds', async () => {
    server.enqueue('chat', { status: 429, headers: { 'retry-after': '1' } }, { status: 529 }, { status: 500 }, { text: 'ok' });
    const started = Date.now();
    const result = await provider().complete({
      model: 'claude-haiku-4-5',
      system: 's',
      messages: [{ role: 'user', content: 'u' }],
      timeoutMs: 10_000,
    });
    expect(result).toMatchObject({ text: 'ok', attempts: 4 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not retry a 400 and reports bad_request', async () => {
    server.enqueue('chat', { status: 400, error: 'max_tokens too large' }, { text: 'never' });
    await expect(
      provider().complete({ model: 'claude-haiku-4-5', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 }),
    ).rejects.toMatchObject({ code: 'bad_request', details: { status: 400, attempts: 1 } });
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('times out and cancels', async () => {
    server.enqueue('chat', { text: 'slow', delayMs: 2_000 }, { text: 'slow', delayMs: 2_000 });
    await expect(
      provider().complete({ model: 'claude-haiku-4-5', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 150 }),
    ).rejects.toMatchObject({ code: 'timeout' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      provider().complete(
        { model: 'claude-haiku-4-5', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 },
        controller.signal,
      ),
    ).rejects.toMatchObject({ code: 'cancelled' });
  });
});
