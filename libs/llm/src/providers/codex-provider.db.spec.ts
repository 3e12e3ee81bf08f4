import { z } from 'zod';
import { createFakeCodex, type FakeCodex } from '@huntforge/testing';
import { discoverCodex } from './codex-app-server';
import { createCodexProvider } from './codex-provider';

describe('codex provider (@openai/codex-sdk against a fake codex executable)', () => {
  let codex: FakeCodex;
  beforeEach(() => {
    codex = createFakeCodex();
  });
  afterEach(() => codex.dispose());

  it('runs one read-only turn with the model and effort and returns the answer with usage', async () => {
    codex.enqueue({ text: '{"score": 9, "reasoning": "registry run keys"}', usage: { input: 400, output: 25 } });
    const provider = createCodexProvider({ codexPath: codex.path });
    const result = await provider.complete({
      model: 'gpt-5-codex',
      system: 'You rank articles.',
      messages: [{ role: 'user', content: 'The article.' }],
      effort: 'high',
      responseSchema: z.object({ score: z.number(), reasoning: z.string() }),
      timeoutMs: 10_000,
    });
    expect(result).toMatchObject({
      provider: 'codex',
      model: 'gpt-5-codex',
      json: { score: 9 },
      usage: { inputTokens: 400, outputTokens: 25 },
    });
    const [call] = codex.invocations().filter((invocation) => invocation.command === 'exec');
    expect(call?.argv).toEqual(
      expect.arrayContaining(['exec', '--experimental-json', '--model', 'gpt-5-codex', '--sandbox', 'read-only', '--skip-git-repo-check']),
    );
    expect(call?.argv).toContain('model_reasoning_effort="high"');
    expect(call?.argv).toContain('approval_policy="never"');
    expect(call?.stdin).toMatch(/\[System instructions\]\nYou rank articles\./);
    expect(call?.stdin).toMatch(/\[User\]\nThe article\./);
  });

  it('reports a turn that fails for lack of login as authentication_failed', async () => {
    codex.enqueue({ fail: 'unexpected status 401 Unauthorized: not logged in' });
    await expect(
      createCodexProvider({ codexPath: codex.path }).complete({
        model: 'gpt-5',
        system: 's',
        messages: [{ role: 'user', content: 'u' }],
        timeoutMs: 10_000,
      }),
    ).rejects.toMatchObject({ code: 'authentication_failed' });
  });

  it('retries a rate-limited turn, and reports a crash without its stderr', async () => {
    codex.enqueue({ fail: 'You have hit your usage limit (429)' }, { text: 'second' });
    const retrying = createCodexProvider({ codexPath: codex.path, retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 50 } });
    await expect(
      retrying.complete({ model: 'gpt-5', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 10_000 }),
    ).resolves.toMatchObject({
      text: 'second',
      attempts: 2,
    });
    codex.enqueue({ exitCode: 3, stderr: 'secret-ish detail /home/me/.codex/auth.json' });
    const error = await createCodexProvider({ codexPath: codex.path })
      .complete({ model: 'gpt-5', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 10_000 })
      .catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'provider_error' });
    expect((error as Error).message).not.toContain('auth.json');
  });

  it('reports a missing executable as provider_not_configured', async () => {
    await expect(
      createCodexProvider({ codexPath: '/nonexistent/codex' }).complete({
        model: 'gpt-5',
        system: 's',
        messages: [{ role: 'user', content: 'u' }],
        timeoutMs: 5_000,
      }),
    ).rejects.toMatchObject({ code: 'provider_not_configured' });
  });

  it('cancels a running turn', async () => {
    codex.enqueue({ text: 'slow', delayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    await expect(
      createCodexProvider({ codexPath: codex.path }).complete(
        { model: 'gpt-5', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 10_000 },
        controller.signal,
      ),
    ).rejects.toMatchObject({ code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('discovers the login, models and effort descriptions through app-server', async () => {
    codex.setModels([
      {
        id: 'gpt-5-codex',
        efforts: [
          { level: 'low', description: 'Fast answers' },
          { level: 'high', description: 'Deep reasoning' },
        ],
        defaultEffort: 'low',
        isDefault: true,
      },
    ]);
    const discovery = await discoverCodex({ codexPath: codex.path, timeoutMs: 10_000 });
    expect(discovery.account).toEqual({ type: 'chatgpt', planType: 'plus' });
    expect(discovery.models).toEqual([
      {
        id: 'gpt-5-codex',
        displayName: 'gpt-5-codex',
        description: '',
        efforts: [
          { level: 'low', description: 'Fast answers' },
          { level: 'high', description: 'Deep reasoning' },
        ],
        defaultEffort: 'low',
        isDefault: true,
      },
    ]);
    expect(codex.invocations().map((invocation) => invocation.method)).toEqual(['initialize', 'initialized', 'account/read', 'model/list']);
    expect(codex.invocations().some((invocation) => invocation.command === 'exec')).toBe(false);

    codex.setAccount(null);
    expect((await discoverCodex({ codexPath: codex.path }, { models: false })).account).toBeNull();
    await expect(discoverCodex({ codexPath: '/nonexistent/codex' })).rejects.toMatchObject({ code: 'provider_not_configured' });
  });
});
