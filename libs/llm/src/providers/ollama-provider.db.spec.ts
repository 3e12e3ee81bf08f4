import { z } from 'zod';
import { startFakeOllama, type FakeProviderServer } from '@huntforge/testing';
import { listOllamaModels } from './list-models';
import { createOllamaProvider } from './ollama-provider';

describe('ollama provider (real SDK against a fake Ollama server)', () => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await startFakeOllama({ models: ['llama3.1:8b', 'qwen2.5:7b'] });
  });
  afterEach(() => server.close());

  it('chats with a JSON schema format and reports token counts', async () => {
    server.enqueue('chat', { text: '{"score": 6, "reasoning": "ok"}', usage: { input: 50, output: 12 } });
    const provider = createOllamaProvider({ host: server.baseUrl, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
    const result = await provider.complete({
      model: 'llama3.1:8b',
      system: 'Rank.',
      messages: [{ role: 'user', content: 'article' }],
      temperature: 0.1,
      topP: 0.8,
      maxOutputTokens: 256,
      responseSchema: z.object({ score: z.number(), reasoning: z.string() }),
      timeoutMs: 5_000,
    });
    expect(result).toMatchObject({
      provider: 'ollama',
      model: 'llama3.1:8b',
      json: { score: 6 },
      usage: { inputTokens: 50, outputTokens: 12 },
    });
    const body = server.chatRequests()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'llama3.1:8b',
      stream: false,
      options: { temperature: 0.1, top_p: 0.8, num_predict: 256 },
      format: { type: 'object', properties: { score: { type: 'number' } } },
      messages: [{ role: 'system' }, { role: 'user', content: 'article' }],
    });
  });

  it('lists models from the tags endpoint', async () => {
    expect(await listOllamaModels({ host: server.baseUrl })).toEqual(['llama3.1:8b', 'qwen2.5:7b']);
  });

  it('retries a 5xx and reports an unreachable host as provider_unavailable', async () => {
    server.enqueue('chat', { status: 500 }, { text: 'second try' });
    const provider = createOllamaProvider({ host: server.baseUrl, retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 50 } });
    await expect(
      provider.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 }),
    ).resolves.toMatchObject({
      text: 'second try',
      attempts: 2,
    });
    const closedUrl = server.baseUrl;
    await server.close();
    const unreachable = createOllamaProvider({ host: closedUrl, retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 50 } });
    await expect(
      unreachable.complete({ model: 'm', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 }),
    ).rejects.toMatchObject({
      code: 'provider_unavailable',
      details: { attempts: 2 },
    });
    server = await startFakeOllama();
  });

  it('cancels a slow chat', async () => {
    server.enqueue('chat', { text: 'slow', delayMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      createOllamaProvider({ host: server.baseUrl }).complete(
        { model: 'm', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 },
        controller.signal,
      ),
    ).rejects.toMatchObject({ code: 'cancelled' });
  });
});
