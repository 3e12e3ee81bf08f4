import { createBuiltinProvider } from './builtin-provider';
import { createProviderFromSettings } from './create-provider';

describe('builtin provider and the settings factory', () => {
  it('builtin has no model: complete answers builtin_has_no_model', async () => {
    await expect(
      createBuiltinProvider().complete({ model: 'x', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 1_000 }),
    ).rejects.toMatchObject({ code: 'builtin_has_no_model' });
  });

  it('refuses a hosted provider without its key, naming the setting', async () => {
    const settings = { get: async () => undefined };
    await expect(createProviderFromSettings('openai', settings)).rejects.toMatchObject({
      code: 'provider_not_configured',
      message: /OPENAI_API_KEY/,
    });
    await expect(createProviderFromSettings('anthropic', settings)).rejects.toMatchObject({
      code: 'provider_not_configured',
      message: /ANTHROPIC_API_KEY/,
    });
    expect((await createProviderFromSettings('ollama', settings)).id).toBe('ollama');
    expect((await createProviderFromSettings('builtin', settings)).id).toBe('builtin');
  });
});
