import { Router } from 'express';
import request from 'supertest';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';
import { waitForValue as waitFor } from '@huntforge/test-kit';
import { revokeApiToken } from './api-tokens';

/** An in-process ingestion router that echoes who the gateway says is calling. */
function echoIngestion(): Router {
  const router = Router();
  router.all(['/api/sources', '/api/sources/:source_id/collect'], (req, res) => {
    res.json({ actor: req.headers['x-huntforge-actor'] ?? null, role: req.headers['x-huntforge-role'] ?? null });
  });
  return router;
}

/** An in-process sigma-queue router that echoes the role the gateway vouches for. */
function echoSigmaQueue(): Router {
  const router = Router();
  router.all(['/api/telemetry/datasets', '/api/sigma-queue/:queue_id/backtest'], (req, res) => {
    res.json({ role: req.headers['x-huntforge-role'] ?? null });
  });
  return router;
}

describe('authentication (AUTH_MODE=required)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway({
      upstreams: [
        { service: 'ingestion', prefixes: ['/api/sources'], router: echoIngestion() },
        { service: 'sigma-queue', prefixes: ['/api/sigma-queue', '/api/telemetry'], router: echoSigmaQueue() },
      ],
    });
  }, 120_000);
  afterAll(() => gateway.close());

  it('answers 401 unauthenticated with WWW-Authenticate when there is no token', async () => {
    const res = await request(gateway.app).get('/api/sources').expect(401);
    expect(res.body).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it.each([
    ['a malformed token', 'Bearer not-a-token'],
    ['an unknown well-formed token', `Bearer hf_${'A'.repeat(43)}`],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers 401 for %s', async (_label, header) => {
    const res = await request(gateway.app).get('/api/sources').set('Authorization', header).expect(401);
    expect(res.body.error.code).toBe('unauthenticated');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('answers 401 for a revoked token', async () => {
    const token = await gateway.token('admin', 'soon-revoked');
    await request(gateway.app).get('/api/sources').set('Authorization', `Bearer ${token}`).expect(200);
    expect(await revokeApiToken(gateway.db.repos.apiTokens, 'soon-revoked')).toBe(true);
    const res = await request(gateway.app).get('/api/sources').set('Authorization', `Bearer ${token}`).expect(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('lets a viewer read but answers 403 forbidden on a write', async () => {
    const token = await gateway.token('viewer');
    await request(gateway.app).get('/api/sources').set('Authorization', `Bearer ${token}`).expect(200);
    const res = await request(gateway.app).post('/api/sources/1/collect').set('Authorization', `Bearer ${token}`).send({}).expect(403);
    expect(res.body).toEqual({ error: { code: 'forbidden', message: expect.stringContaining('analyst') } });
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  // The spec leaves roles to the service; here a backtest is a write: it runs the rule over stored telemetry on the
  // server (CPU, bounded by the dataset limits), and an upload stores data. Viewers see datasets and results only.
  it('keeps backtests and dataset uploads to analysts: a viewer may list datasets but not upload or run (403)', async () => {
    const viewer = await gateway.token('viewer', 'backtest-viewer');
    await request(gateway.app).get('/api/telemetry/datasets').set('Authorization', `Bearer ${viewer}`).expect(200);
    const run = await request(gateway.app)
      .post('/api/sigma-queue/1/backtest')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ dataset_ids: [1] })
      .expect(403);
    expect(run.body.error.code).toBe('forbidden');
    const upload = await request(gateway.app)
      .post('/api/telemetry/datasets?name=a.jsonl')
      .set('Authorization', `Bearer ${viewer}`)
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from('{"a":1}\n'))
      .expect(403);
    expect(upload.body.error.code).toBe('forbidden');
    const analyst = await gateway.token('analyst', 'backtest-analyst');
    const allowed = await request(gateway.app)
      .post('/api/sigma-queue/1/backtest')
      .set('Authorization', `Bearer ${analyst}`)
      .send({ dataset_ids: [1] })
      .expect(200);
    expect(allowed.body).toEqual({ role: 'analyst' });
  });

  it('lets an analyst write but answers 403 on admin routes', async () => {
    const token = await gateway.token('analyst');
    await request(gateway.app).post('/api/sources/1/collect').set('Authorization', `Bearer ${token}`).send({}).expect(200);
    // Adding a source decides what the service fetches: an admin's write.
    await request(gateway.app).post('/api/sources').set('Authorization', `Bearer ${token}`).send({}).expect(403);
    const tokens = await request(gateway.app).get('/api/tokens').set('Authorization', `Bearer ${token}`).expect(403);
    expect(tokens.body.error.code).toBe('forbidden');
    await request(gateway.app)
      .put('/api/scheduled-jobs')
      .set('Authorization', `Bearer ${token}`)
      .send({ jobs: { cleanup_old_data: { enabled: true, cron: '0 2 * * *' } } })
      .expect(403);
  });

  it('cannot be dodged by spelling the path differently', async () => {
    const token = await gateway.token('analyst');
    await request(gateway.app).get('/API/Tokens').set('Authorization', `Bearer ${token}`).expect(403);
    await request(gateway.app).get('/API/Sources').expect(401);
  });

  it('tells the upstream who is calling and drops what the client claims', async () => {
    const token = await gateway.token('analyst', 'echo-analyst');
    const res = await request(gateway.app)
      .get('/api/sources')
      .set('Authorization', `Bearer ${token}`)
      .set('x-huntforge-role', 'admin')
      .set('x-huntforge-actor', 'token:someone-else')
      .expect(200);
    expect(res.body).toEqual({ actor: 'token:echo-analyst', role: 'analyst' });
  });

  it('records last_used_at at most once a minute', async () => {
    const token = await gateway.token('viewer', 'usage-tracked');
    const lastUsed = async () => (await gateway.db.repos.apiTokens.list()).find((t) => t.name === 'usage-tracked')?.lastUsedAt ?? undefined;
    expect(await lastUsed()).toBeUndefined();

    await request(gateway.app).get('/api/sources').set('Authorization', `Bearer ${token}`).expect(200);
    const first = await waitFor(lastUsed);
    await request(gateway.app).get('/api/sources').set('Authorization', `Bearer ${token}`).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await lastUsed())?.getTime()).toBe(first.getTime());
  });

  it('never logs the token', async () => {
    const token = await gateway.token('viewer');
    await request(gateway.app).get('/api/sources').set('Authorization', `Bearer ${token}`).expect(200);
    await request(gateway.app).get('/api/tokens').set('Authorization', `Bearer ${token}`).expect(403);
    expect(gateway.logs.text()).toContain('/api/sources');
    expect(gateway.logs.text()).not.toContain(token);
    expect(gateway.logs.text()).not.toContain(token.slice(10));
  });

  it('keeps health and docs public', async () => {
    await request(gateway.app).get('/api/health/database').expect(200);
    await request(gateway.app).get('/openapi.json').expect(200);
  });
});

describe('authentication (AUTH_MODE=off)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway({
      authMode: 'off',
      upstreams: [{ service: 'ingestion', prefixes: ['/api/sources'], router: echoIngestion() }],
    });
  });
  afterAll(() => gateway.close());

  it('serves every route without a token, as the local admin', async () => {
    const res = await request(gateway.app).post('/api/sources').send({}).expect(200);
    expect(res.body).toEqual({ actor: 'local', role: 'admin' });
    await request(gateway.app).get('/api/tokens').expect(200);
  });
});
