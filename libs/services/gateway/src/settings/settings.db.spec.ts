import request from 'supertest';
import { TOPICS, type SettingsChangedPayload } from '@huntforge/contracts';
import type { Envelope } from '@huntforge/contracts/messages';
import { settingEntrySchema, settingsListResponseSchema } from '@huntforge/contracts/settings';
import { waitForValue as waitFor } from '@huntforge/test-kit';
import { SETTINGS_DELETED, SETTINGS_UPDATED } from './announce-setting-change';
import { startSettingsHarness, type SettingsHarness } from './test-support/settings-harness';

const SECRET = 'sk-proj-PLANTED-secret-value-000111222333';

describe('/api/settings', () => {
  let harness: SettingsHarness;
  let admin: string;
  let analyst: string;
  let viewer: string;

  beforeAll(async () => {
    harness = await startSettingsHarness({ OLLAMA_HOST: 'http://10.1.2.3:11434', ANTHROPIC_API_KEY: 'sk-ant-from-environment-abcdefgh' });
    [admin, analyst, viewer] = await Promise.all([harness.token('admin'), harness.token('analyst'), harness.token('viewer')]);
    // Migrating the embedded database takes several times longer on a loaded machine.
  }, 120_000);
  afterAll(() => harness.close());

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('GET lists every known key with Cache-Control: no-store, environment values included', async () => {
    const res = await request(harness.app).get('/api/settings').set(as(viewer)).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { settings } = settingsListResponseSchema.parse(res.body);
    const byKey = Object.fromEntries(settings.map((entry) => [entry.key, entry]));
    expect(byKey['OPENAI_API_KEY']).toMatchObject({ value: null, sensitive: true, configured: false, hint: null, source: null });
    expect(byKey['OLLAMA_HOST']).toMatchObject({
      value: 'http://10.1.2.3:11434',
      sensitive: false,
      configured: true,
      source: 'environment',
    });
    expect(byKey['ANTHROPIC_API_KEY']).toMatchObject({ value: null, configured: true, hint: '…efgh', source: 'environment' });
  });

  it('PUT (admin) stores a secret encrypted, answers only a hint, audits the key and publishes settings.changed', async () => {
    const received: Array<Envelope<SettingsChangedPayload>> = [];
    const subscription = await harness.ctx.bus.subscribe<SettingsChangedPayload>(
      'test.settings',
      [TOPICS.settingsChanged],
      async (message) => {
        received.push(message);
      },
    );
    try {
      const res = await request(harness.app).put('/api/settings/OPENAI_API_KEY').set(as(admin)).send({ value: SECRET }).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(settingEntrySchema.parse(res.body)).toMatchObject({
        key: 'OPENAI_API_KEY',
        value: null,
        configured: true,
        hint: '…2333',
        source: 'stored',
      });
      const one = await request(harness.app).get('/api/settings/OPENAI_API_KEY').set(as(viewer)).expect(200);
      expect(one.headers['cache-control']).toBe('no-store');
      expect(one.body).toMatchObject({ value: null, configured: true, hint: '…2333' });
      const row = await harness.ctx.db.prisma.setting.findUniqueOrThrow({ where: { key: 'OPENAI_API_KEY' } });
      expect(row.isSecret).toBe(true);
      expect(JSON.stringify(row)).not.toContain(SECRET);
      expect(await harness.ctx.settings.get('OPENAI_API_KEY')).toBe(SECRET);
      const [event] = await harness.ctx.db.repos.audit.list({ type: SETTINGS_UPDATED });
      expect(event).toMatchObject({ payload: { key: 'OPENAI_API_KEY' } });
      expect(JSON.stringify(event)).not.toContain(SECRET);
      const message = await waitFor(async () => received[0]);
      expect(message.payload).toEqual({ keys: ['OPENAI_API_KEY'] });
    } finally {
      await subscription.cancel();
    }
  });

  it('a stored value overrides the environment; DELETE falls back to it', async () => {
    await request(harness.app).put('/api/settings/OLLAMA_HOST').set(as(admin)).send({ value: 'http://127.0.0.1:11434' }).expect(200);
    expect(await harness.ctx.settings.get('OLLAMA_HOST')).toBe('http://127.0.0.1:11434');
    const res = await request(harness.app).delete('/api/settings/OLLAMA_HOST').set(as(admin)).expect(200);
    expect(res.body).toMatchObject({ value: 'http://10.1.2.3:11434', source: 'environment' });
    expect(await harness.ctx.db.repos.audit.list({ type: SETTINGS_DELETED })).toHaveLength(1);
  });

  it('writes need admin; reads need viewer', async () => {
    const res = await request(harness.app).put('/api/settings/GITHUB_REPO').set(as(analyst)).send({ value: 'a/b' }).expect(403);
    expect(res.body.error.code).toBe('forbidden');
    await request(harness.app).delete('/api/settings/GITHUB_REPO').set(as(analyst)).expect(403);
    await request(harness.app).get('/api/settings').expect(401);
  });

  it.each([
    ['PUT an unknown key', 'put', '/api/settings/AWS_SECRET_ACCESS_KEY', { value: 'x' }, 400, 'unknown_setting'],
    ['DELETE an unknown key', 'delete', '/api/settings/NOPE', undefined, 400, 'unknown_setting'],
    ['GET an unknown key', 'get', '/api/settings/NOPE', undefined, 404, 'unknown_setting'],
    ['PUT a malformed boolean', 'put', '/api/settings/OCR_INGEST_ENABLED', { value: 'sometimes' }, 400, 'invalid_setting_value'],
    ['PUT a non-http URL', 'put', '/api/settings/OPENAI_BASE_URL', { value: 'file:///etc/passwd' }, 400, 'invalid_setting_value'],
    ['PUT an empty value', 'put', '/api/settings/GITHUB_REPO', { value: '  ' }, 400, 'invalid_setting_value'],
    ['PUT without value', 'put', '/api/settings/GITHUB_REPO', { val: 'x' }, 400, 'validation_error'],
    ['PUT a null value', 'put', '/api/settings/GITHUB_REPO', { value: null }, 400, 'validation_error'],
  ] as const)('%s answers %i %s', async (_name, method, path, body, status, code) => {
    const agent = request(harness.app);
    const res = await agent[method](path)
      .set(as(admin))
      .send(body as object | undefined)
      .expect(status);
    expect(res.body.error.code).toBe(code);
  });

  it('stores a boolean given as JSON true as "true"', async () => {
    const res = await request(harness.app).put('/api/settings/OCR_INGEST_ENABLED').set(as(admin)).send({ value: true }).expect(200);
    expect(res.body).toMatchObject({ value: 'true', source: 'stored' });
  });
});

describe('/api/settings without SETTINGS_ENCRYPTION_KEY', () => {
  it('refuses to store a secret with 409 encryption_key_missing, naming the fix', async () => {
    const harness = await startSettingsHarness({}, { encryptionKey: null });
    try {
      const admin = await harness.token('admin');
      const res = await request(harness.app)
        .put('/api/settings/GITHUB_TOKEN')
        .set({ Authorization: `Bearer ${admin}` })
        .send({ value: 'ghp_abcdefghijklmnopqrstuvwxyz' })
        .expect(409);
      expect(res.body.error).toMatchObject({ code: 'encryption_key_missing', details: { key: 'GITHUB_TOKEN' } });
      expect(res.body.error.message).toMatch(/SETTINGS_ENCRYPTION_KEY/);
      expect(await harness.ctx.db.prisma.setting.count()).toBe(0);
    } finally {
      await harness.close();
    }
  }, 120_000);
});

describe('base URL settings are SSRF-guarded like ingestion URLs', () => {
  const put = (harness: SettingsHarness, admin: string, key: string, value: string) =>
    request(harness.app)
      .put(`/api/settings/${key}`)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ value });

  it('refuses metadata, link-local and (without the opt-in) private or loopback addresses for hosted providers and GitHub; Ollama may be local', async () => {
    const harness = await startSettingsHarness();
    try {
      const admin = await harness.token('admin');
      const refused: Array<[string, string]> = [
        ['OPENAI_BASE_URL', 'http://169.254.169.254/latest/meta-data'],
        ['OPENAI_BASE_URL', 'http://127.0.0.1:8080/v1'],
        ['OPENAI_BASE_URL', 'http://localhost:8080/v1'],
        ['ANTHROPIC_BASE_URL', 'http://[::ffff:169.254.169.254]/'],
        ['ANTHROPIC_BASE_URL', 'http://10.0.0.7'],
        ['GITHUB_API_URL', 'http://192.168.1.10/api/v3'],
        ['GITHUB_API_URL', 'http://0x7f000001/api/v3'],
        ['OLLAMA_HOST', 'http://169.254.169.254:11434'],
        ['OLLAMA_HOST', 'http://[fe80::1]:11434'],
      ];
      for (const [key, value] of refused) {
        const res = await put(harness, admin, key, value);
        expect({ key, value, status: res.status, code: res.body.error?.code }).toEqual({
          key,
          value,
          status: 400,
          code: 'url_not_allowed',
        });
      }
      const hosted = await put(harness, admin, 'OPENAI_BASE_URL', 'http://127.0.0.1:8080/v1');
      expect(hosted.body.error.message).toContain('PROVIDER_ALLOW_PRIVATE_NETWORKS=true');
      expect(await harness.ctx.db.prisma.setting.count()).toBe(0);

      // The local provider is local by nature: loopback and private networks stay open to it.
      await put(harness, admin, 'OLLAMA_HOST', 'http://127.0.0.1:11434').expect(200);
      await put(harness, admin, 'OLLAMA_HOST', 'http://192.168.1.20:11434').expect(200);
      // Not an http URL: the store's own validation answers, as before.
      expect((await put(harness, admin, 'OPENAI_BASE_URL', 'file:///etc/passwd')).body.error.code).toBe('invalid_setting_value');

      // A typed Ollama host in the connectivity test is vetted the same way.
      const typed = await request(harness.app)
        .post('/api/test-ollama-connection')
        .set({ Authorization: `Bearer ${admin}` })
        .send({ host: 'http://169.254.169.254' })
        .expect(400);
      expect(typed.body.error.code).toBe('url_not_allowed');
    } finally {
      await harness.close();
    }
  }, 180_000);

  it('opens private networks to hosted providers and GitHub only with PROVIDER_ALLOW_PRIVATE_NETWORKS=true, never metadata', async () => {
    const harness = await startSettingsHarness({ PROVIDER_ALLOW_PRIVATE_NETWORKS: 'true' });
    try {
      const admin = await harness.token('admin');
      await put(harness, admin, 'OPENAI_BASE_URL', 'http://127.0.0.1:8080/v1').expect(200);
      await put(harness, admin, 'GITHUB_API_URL', 'http://10.0.0.7/api/v3').expect(200);
      expect((await put(harness, admin, 'ANTHROPIC_BASE_URL', 'http://169.254.169.254/')).body.error.code).toBe('url_not_allowed');
    } finally {
      await harness.close();
    }
  }, 180_000);
});
