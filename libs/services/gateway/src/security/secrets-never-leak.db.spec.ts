import request, { type Response } from 'supertest';
import { findLeaks, plantedSecret, plantSecrets } from '@huntforge/test-kit';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';

/**
 * Every secret the service knows, planted at once, then a sweep of reads, writes, refusals and connectivity tests:
 * none may come back in a response (body or headers) or reach a log line, in any common spelling.
 */
const SECRETS = plantSecrets();
const ENV = {
  OPENAI_API_KEY: SECRETS.openaiEnvKey,
  ANTHROPIC_API_KEY: SECRETS.anthropicKey,
  GITHUB_TOKEN: SECRETS.githubToken,
  GITHUB_REPO: 'acme/rules',
  // Nothing listens on port 1: the connectivity tests fail fast, which is where an error could echo a credential.
  OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
  ANTHROPIC_BASE_URL: 'http://127.0.0.1:1',
  GITHUB_API_URL: 'http://127.0.0.1:1/api/v3',
};

describe('no credential in a response or a log', () => {
  let gateway: GatewayHarness;
  let admin: string;
  let analyst: string;
  const saved: Record<string, string | undefined> = {};
  const seen: string[] = [];
  /** API tokens are secrets too; each is shown once, in the answer that creates it, and never again. */
  const apiTokens: string[] = [];

  const record = (res: Response): Response => {
    seen.push(`${res.status} ${JSON.stringify(res.headers)} ${res.text}`);
    return res;
  };

  beforeAll(async () => {
    // The settings fall back to the process environment, as in a real deployment.
    for (const [name, value] of Object.entries(ENV)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    gateway = await startGateway({
      env: {
        IDENTITY_SIGNING_KEY: SECRETS.identitySigningKey,
        SETTINGS_ENCRYPTION_KEY: SECRETS.settingsEncryptionKey,
        DATABASE_URL: `postgresql://huntforge:${SECRETS.databasePassword}@127.0.0.1:1/huntforge`,
        AMQP_URL: `amqp://huntforge:${SECRETS.amqpPassword}@127.0.0.1:1`,
        PROVIDER_ALLOW_PRIVATE_NETWORKS: 'true',
        PROVIDER_TEST_TIMEOUT_MS: '2000',
      },
    });
    admin = await gateway.token('admin', 'leak-admin');
    analyst = await gateway.token('analyst', 'leak-analyst');
    apiTokens.push(admin, analyst);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('plants each secret, exercises the surface, and finds none of them anywhere', async () => {
    const as = (token: string) => ({ Authorization: `Bearer ${token}` });
    const app = gateway.app;

    // Stored secrets (encrypted), next to the environment ones.
    record(await request(app).put('/api/settings/OPENAI_API_KEY').set(as(admin)).send({ value: SECRETS.openaiStoredKey }).expect(200));
    record(await request(app).put('/api/settings/GITHUB_TOKEN').set(as(admin)).send({ value: SECRETS.githubStoredToken }).expect(200));
    const created = await request(app).post('/api/tokens').set(as(admin)).send({ name: 'leak-created', role: 'viewer' }).expect(201);
    const createdToken = String(created.body.token);
    expect(createdToken.length).toBeGreaterThan(16);
    apiTokens.push(createdToken);

    // Reads.
    for (const path of [
      '/api/settings',
      '/api/settings/OPENAI_API_KEY',
      '/api/settings/GITHUB_TOKEN',
      '/api/settings/ANTHROPIC_API_KEY',
      '/api/tokens',
      '/api/audit',
      '/health',
      '/health/ready',
      '/api/health',
      '/api/auth/session',
    ]) {
      record(await request(app).get(path).set(as(admin)));
    }
    // Connectivity tests that fail upstream (stored key, environment key, typed key).
    for (const path of ['/api/test-openai-key', '/api/test-anthropic-key', '/api/settings/github/test']) {
      const tested = record(await request(app).post(path).set(as(analyst)).send({}).expect(200));
      expect({ path, success: tested.body.success, source: tested.body.credential_source }).toEqual({
        path,
        success: false,
        source: expect.stringMatching(/stored|environment/),
      });
    }
    record(
      await request(app)
        .post('/api/test-openai-key')
        .set(as(analyst))
        .send({ api_key: plantedSecret('sk-typedPLANTED') }),
    );
    // Refusals: a secret used as a token, a forged identity, a secret in a query string, in a bad body.
    expect(record(await request(app).get('/api/tokens').set(as(SECRETS.identitySigningKey))).status).toBe(401);
    record(await request(app).get('/api/tokens').set(as(SECRETS.openaiEnvKey)));
    record(
      await request(app)
        .get('/api/tokens')
        .set({ ...as(analyst), 'x-huntforge-actor': 'token:root', 'x-huntforge-role': 'admin' }),
    );
    record(
      await request(app)
        .get(`/api/settings?token=${encodeURIComponent(createdToken)}&api_key=${SECRETS.anthropicKey}`)
        .set(as(admin)),
    );
    record(await request(app).put('/api/settings/OPENAI_API_KEY').set(as(analyst)).send({ value: SECRETS.openaiStoredKey }));
    record(
      await request(app)
        .put('/api/settings/OPENAI_API_KEY')
        .set(as(admin))
        .set('content-type', 'application/json')
        .send(`{"value": "${SECRETS.openaiStoredKey}`),
    );
    // Sign-in with a token: the session cookie is the answer's, the token is not.
    record(await request(app).post('/api/auth/session').set('origin', 'http://127.0.0.1').send({ token: createdToken }));

    const responses = seen.join('\n');
    const logs = gateway.logs.text();
    expect(logs.length).toBeGreaterThan(1000);
    const planted = { ...SECRETS, ...Object.fromEntries(apiTokens.map((token, index) => [`apiToken${index}`, token])) };
    expect(findLeaks(planted, { 'a response': responses, 'the logs': logs })).toEqual([]);
  }, 120_000);
});
