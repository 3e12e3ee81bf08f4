import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { PROVIDER_TEST_ROUTES, providerTestResponseSchema } from '@huntforge/contracts/settings';
import {
  createFakeCodex,
  startFakeAnthropic,
  startFakeOllama,
  startFakeOpenAi,
  type FakeCodex,
  type FakeProviderServer,
} from '@huntforge/testing';
import { startSettingsHarness, type SettingsHarness } from '../settings/test-support/settings-harness';

const OPENAI_KEY = 'sk-proj-openai-PLANTED-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-PLANTED-0123456789abcdefghij';
const GITHUB_TOKEN = 'ghp_PLANTEDtoken0123456789abcdefghijkl';

/** GitHub's GET /repos/{owner}/{repo}: push for acme/rules with the planted token, read-only for acme/readonly. */
async function startFakeGithub(): Promise<{ url: string; server: Server; authHeaders: string[] }> {
  const authHeaders: string[] = [];
  const server = createServer((req, res) => {
    authHeaders.push(String(req.headers.authorization));
    const ok = req.headers.authorization === `Bearer ${GITHUB_TOKEN}`;
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!ok) return reply(401, { message: 'Bad credentials' });
    if (req.url === '/repos/acme/rules')
      return reply(200, { full_name: 'acme/rules', permissions: { pull: true, push: true, admin: false } });
    if (req.url === '/repos/acme/readonly') return reply(200, { full_name: 'acme/readonly', permissions: { pull: true, push: false } });
    reply(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, authHeaders };
}

describe('provider connectivity tests', () => {
  let harness: SettingsHarness;
  let openai: FakeProviderServer;
  let anthropic: FakeProviderServer;
  let ollama: FakeProviderServer;
  let codex: FakeCodex;
  let github: Awaited<ReturnType<typeof startFakeGithub>>;
  let admin: string;
  let analyst: string;
  /** Every response body the suite received, for the leak check at the end. */
  const seen: string[] = [];

  beforeAll(async () => {
    openai = await startFakeOpenAi({ apiKey: OPENAI_KEY, models: ['gpt-4.1-mini', 'gpt-5-mini'] });
    anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY, models: ['claude-haiku-4-5'] });
    ollama = await startFakeOllama({ models: ['llama3.1:8b'] });
    codex = createFakeCodex();
    github = await startFakeGithub();
    // The fakes listen on loopback: the operator's explicit opt-in for hosted-provider base URLs on private networks.
    harness = await startSettingsHarness({
      CODEX_PATH: codex.path,
      PROVIDER_TEST_TIMEOUT_MS: '5000',
      PROVIDER_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    admin = await harness.token('admin');
    analyst = await harness.token('analyst');
    const put = (key: string, value: string) =>
      request(harness.app).put(`/api/settings/${key}`).set('Authorization', `Bearer ${admin}`).send({ value }).expect(200);
    // Base URLs first: a credential is pinned to the base URL it was entered for.
    await put('OPENAI_BASE_URL', openai.baseUrl);
    await put('OPENAI_API_KEY', OPENAI_KEY);
    await put('ANTHROPIC_BASE_URL', anthropic.baseUrl);
    await put('ANTHROPIC_API_KEY', ANTHROPIC_KEY);
    await put('OLLAMA_HOST', ollama.baseUrl);
    await put('GITHUB_REPO', 'acme/rules');
    await put('GITHUB_API_URL', github.url);
    await put('GITHUB_TOKEN', GITHUB_TOKEN);
    // Migrating the embedded database takes several times longer on a loaded CI machine.
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await Promise.all([openai.close(), anthropic.close(), ollama.close()]);
    github.server.close();
    codex.dispose();
  });

  const post = async (path: string, body: object = {}, token = analyst, status = 200) => {
    const res = await request(harness.app).post(path).set('Authorization', `Bearer ${token}`).send(body).expect(status);
    seen.push(JSON.stringify(res.body), JSON.stringify(res.headers));
    return res;
  };

  it('serves every real path and neutral alias from one table', () => {
    expect(PROVIDER_TEST_ROUTES.map((route) => route.path).sort()).toEqual(
      [
        '/api/test-openai-key',
        '/api/test-provider_a-key',
        '/api/test-anthropic-key',
        '/api/test-provider_b-key',
        '/api/test-ollama-connection',
        '/api/test-provider_local-connection',
        '/api/settings/codex/test',
        '/api/settings/provider_sub/test',
        '/api/settings/github/test',
        '/api/settings/repohost/test',
      ].sort(),
    );
  });

  it.each(['/api/test-openai-key', '/api/test-provider_a-key'])('%s with an empty key tests the stored one', async (path) => {
    const res = await post(path, { api_key: '' });
    expect(providerTestResponseSchema.parse(res.body)).toMatchObject({
      provider: 'openai',
      success: true,
      credential_source: 'stored',
      models: ['gpt-4.1-mini', 'gpt-5-mini'],
    });
    expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });

  it('a typed wrong key fails with success false and the upstream status, not an error', async () => {
    const res = await post('/api/test-openai-key', { api_key: 'sk-typed-wrong-key-999999999999' });
    expect(res.body).toMatchObject({ provider: 'openai', success: false, credential_source: 'request', upstream_status: 401 });
    expect(JSON.stringify(res.body)).not.toContain('typed-wrong');
  });

  it.each(['/api/test-anthropic-key', '/api/test-provider_b-key'])('%s tests the stored Anthropic key', async (path) => {
    const res = await post(path);
    expect(res.body).toMatchObject({ provider: 'anthropic', success: true, credential_source: 'stored', models: ['claude-haiku-4-5'] });
  });

  it.each(['/api/test-ollama-connection', '/api/test-provider_local-connection'])(
    '%s lists the models on the stored host',
    async (path) => {
      const res = await post(path, {});
      expect(res.body).toMatchObject({ provider: 'ollama', success: true, models: ['llama3.1:8b'] });
    },
  );

  it('only an admin may test another Ollama host; an unreachable one fails cleanly', async () => {
    const forbidden = await post('/api/test-ollama-connection', { host: 'http://169.254.169.254' }, analyst, 403);
    expect(forbidden.body.error.code).toBe('forbidden');
    const res = await post('/api/test-ollama-connection', { host: 'http://127.0.0.1:9' }, admin);
    expect(res.body).toMatchObject({ provider: 'ollama', success: false });
  });

  it.each(['/api/settings/codex/test', '/api/settings/provider_sub/test'])(
    '%s checks the codex login without running a model',
    async (path) => {
      codex.setAccount({ type: 'chatgpt', planType: 'pro' });
      const res = await post(path);
      expect(res.body).toMatchObject({ provider: 'codex', success: true, details: { auth_mode: 'chatgpt', plan_type: 'pro' } });
      expect(res.body.message).toMatch(/ChatGPT/);
      expect(codex.invocations().some((invocation) => invocation.command === 'exec')).toBe(false);
    },
  );

  it('reports a codex that is not logged in', async () => {
    codex.setAccount(null);
    const res = await post('/api/settings/codex/test');
    expect(res.body).toMatchObject({ provider: 'codex', success: false });
    expect(res.body.message).toMatch(/codex login/);
    codex.setAccount({ type: 'chatgpt' });
  });

  it.each(['/api/settings/github/test', '/api/settings/repohost/test'])(
    '%s checks the stored token against the stored repository',
    async (path) => {
      const res = await post(path);
      expect(res.body).toMatchObject({
        provider: 'github',
        success: true,
        credential_source: 'stored',
        upstream_status: 200,
        details: { can_push: true },
      });
      expect(github.authHeaders.at(-1)).toBe(`Bearer ${GITHUB_TOKEN}`);
    },
  );

  it('takes token and repo overrides so a typed credential can be checked before saving', async () => {
    const readOnly = await post('/api/settings/github/test', { repo: 'acme/readonly' });
    expect(readOnly.body).toMatchObject({ success: false, details: { can_push: false } });
    const missing = await post('/api/settings/github/test', { repo: 'acme/missing' });
    expect(missing.body).toMatchObject({ success: false, upstream_status: 404 });
    const badToken = await post('/api/settings/github/test', { token: 'ghp_typed_but_wrong_0000000000' });
    expect(badToken.body).toMatchObject({ success: false, credential_source: 'request', upstream_status: 401 });
    const badRepo = await post('/api/settings/github/test', { repo: '../../etc' }, analyst, 400);
    expect(badRepo.body.error.code).toBe('validation_error');
  });

  it('answers 400 credential_not_configured when nothing is stored, and validation_error for unknown fields', async () => {
    await request(harness.app).delete('/api/settings/ANTHROPIC_API_KEY').set('Authorization', `Bearer ${admin}`).expect(200);
    const res = await post('/api/test-anthropic-key', {}, analyst, 400);
    expect(res.body.error).toMatchObject({ code: 'credential_not_configured', details: { key: 'ANTHROPIC_API_KEY' } });
    const extra = await post('/api/test-openai-key', { api_key: '', base_url: 'http://evil' }, analyst, 400);
    expect(extra.body.error.code).toBe('validation_error');
    await request(harness.app)
      .put('/api/settings/ANTHROPIC_API_KEY')
      .set('Authorization', `Bearer ${admin}`)
      .send({ value: ANTHROPIC_KEY })
      .expect(200);
  });

  it('never sends a stored key to a base URL changed after it was entered, until an admin enters the key again', async () => {
    const put = (key: string, value: string) =>
      request(harness.app).put(`/api/settings/${key}`).set('Authorization', `Bearer ${admin}`).send({ value }).expect(200);
    const elsewhere = await startFakeOpenAi({ apiKey: OPENAI_KEY, models: ['gpt-4.1-mini'] });
    const elsewhereGithub = await startFakeGithub();
    try {
      await put('OPENAI_BASE_URL', elsewhere.baseUrl);
      await put('GITHUB_API_URL', elsewhereGithub.url);
      for (const path of ['/api/test-openai-key', '/api/test-provider_a-key', '/api/settings/github/test']) {
        const refused = await post(path, {}, analyst, 409);
        expect(refused.body.error).toMatchObject({
          code: 'credential_base_url_changed',
          details: { key: expect.stringMatching(/^(OPENAI_API_KEY|GITHUB_TOKEN)$/) },
        });
        expect(refused.body.error.message).toMatch(/enter .* again/);
      }
      expect(elsewhere.requests).toHaveLength(0);
      expect(elsewhereGithub.authHeaders).toHaveLength(0);

      // A typed key is the caller's own: it may be tried against the new URL.
      const typed = await post('/api/test-openai-key', { api_key: 'sk-typed-for-the-new-url-0000000' });
      expect(typed.body).toMatchObject({ credential_source: 'request', upstream_status: 401 });
      expect(elsewhere.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-typed-for-the-new-url-0000000']);

      await put('OPENAI_API_KEY', OPENAI_KEY);
      await put('GITHUB_TOKEN', GITHUB_TOKEN);
      expect((await post('/api/test-openai-key')).body).toMatchObject({ success: true, credential_source: 'stored' });
      expect(elsewhere.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      expect((await post('/api/settings/github/test')).body).toMatchObject({ success: true, credential_source: 'stored' });
      expect(elsewhereGithub.authHeaders.at(-1)).toBe(`Bearer ${GITHUB_TOKEN}`);
    } finally {
      await put('OPENAI_BASE_URL', openai.baseUrl);
      await put('GITHUB_API_URL', github.url);
      await put('OPENAI_API_KEY', OPENAI_KEY);
      await put('GITHUB_TOKEN', GITHUB_TOKEN);
      await elsewhere.close();
      elsewhereGithub.server.close();
    }
  });

  it('never returns or logs a planted secret', async () => {
    for (const path of ['/api/settings', '/api/settings/OPENAI_API_KEY', '/api/settings/ANTHROPIC_API_KEY', '/api/settings/GITHUB_TOKEN']) {
      const res = await request(harness.app).get(path).set('Authorization', `Bearer ${analyst}`).expect(200);
      seen.push(JSON.stringify(res.body), JSON.stringify(res.headers));
    }
    const everything = seen.join('\n') + harness.ctx.logs.text();
    expect(seen.length).toBeGreaterThan(20);
    for (const secret of [OPENAI_KEY, ANTHROPIC_KEY, GITHUB_TOKEN]) {
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(secret.slice(4, 20));
    }
  });
});
