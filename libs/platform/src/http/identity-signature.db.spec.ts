import { randomBytes } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { createLogger } from '../logging/logger';
import { captureLogs } from '../logging/capture';
import { createHttpApp } from './create-http-app';
import { finalizeHttpApp } from './finalize-http-app';
import { identitySignatureHeaders, requireSignedIdentity, SIGNATURE_MAX_AGE_MS } from './identity-signature';

const KEY = randomBytes(32);
const NOW = 1_800_000_000_000;

function service(logs = captureLogs(), level: 'silent' | 'debug' = 'silent') {
  const app = createHttpApp({ logger: createLogger({ level, service: 'test', destination: logs.stream }), serviceName: 'ingestion' });
  app.get('/health/ready', (_req, res) => res.json({ status: 'up' }));
  app.use(requireSignedIdentity({ key: KEY, exemptPaths: ['/health/ready'], now: () => NOW }));
  const router = express.Router();
  router.post('/api/scrape-url', (req, res) => res.status(201).json({ actor: req.headers['x-huntforge-actor'] }));
  app.use(router);
  finalizeHttpApp(app);
  return app;
}

const identity = { 'x-huntforge-actor': 'token:alice', 'x-huntforge-role': 'analyst' };
const signed = (url: string, overrides: { key?: Buffer; at?: number; method?: string; role?: string; body?: string } = {}) =>
  identitySignatureHeaders(
    overrides.key ?? KEY,
    { method: overrides.method ?? 'POST', url, actor: 'token:alice', role: overrides.role ?? 'analyst', body: overrides.body ?? '{}' },
    new Date(overrides.at ?? NOW),
  );

describe('requireSignedIdentity', () => {
  it('lets a request signed by the gateway through, with its identity', async () => {
    const res = await request(service()).post('/api/scrape-url?x=1').set(identity).set(signed('/api/scrape-url?x=1')).send({}).expect(201);
    expect(res.body).toEqual({ actor: 'token:alice' });
  });

  it('refuses forged identity headers without a signature (401 unsigned_request), but not the probes', async () => {
    const app = service();
    const res = await request(app)
      .post('/api/scrape-url')
      .set({ 'x-huntforge-actor': 'token:admin', 'x-huntforge-role': 'admin' })
      .send({})
      .expect(401);
    expect(res.body.error.code).toBe('unsigned_request');
    await request(app).get('/health/ready').expect(200);
  });

  it('refuses a signature made with another key, for another path, method or role, or too old', async () => {
    const app = service();
    const cases = [
      signed('/api/scrape-url', { key: randomBytes(32) }),
      signed('/api/other'),
      signed('/api/scrape-url', { method: 'GET' }),
      signed('/api/scrape-url', { role: 'viewer' }),
    ];
    for (const headers of cases) {
      const res = await request(app).post('/api/scrape-url').set(identity).set(headers).send({}).expect(401);
      expect(res.body.error.code).toBe('invalid_signature');
    }
    const stale = await request(app)
      .post('/api/scrape-url')
      .set(identity)
      .set(signed('/api/scrape-url', { at: NOW - SIGNATURE_MAX_AGE_MS - 1 }))
      .send({})
      .expect(401);
    expect(stale.body.error.code).toBe('stale_signature');
  });

  it("refuses a replay of a signed request within the signature's lifetime (401 replayed_signature; with another body, invalid_signature)", async () => {
    const app = service();
    const headers = signed('/api/scrape-url', { body: '{"url":"https://a.example"}' });
    await request(app).post('/api/scrape-url').set(identity).set(headers).send({ url: 'https://a.example' }).expect(201);
    const replay = await request(app).post('/api/scrape-url').set(identity).set(headers).send({ url: 'https://a.example' }).expect(401);
    expect(replay.body.error.code).toBe('replayed_signature');
    const otherBody = await request(app)
      .post('/api/scrape-url')
      .set(identity)
      .set(headers)
      .send({ url: 'https://evil.example' })
      .expect(401);
    expect(otherBody.body.error.code).toBe('invalid_signature');
    // A fresh signature for the same request is fine.
    await request(app).post('/api/scrape-url').set(identity).set(signed('/api/scrape-url')).send({}).expect(201);
  });

  it('refuses a body other than the one signed (401 invalid_signature), the digest header being signed too', async () => {
    const app = service();
    const headers = signed('/api/scrape-url', { body: '{"url":"https://a.example"}' });
    const swapped = await request(app)
      .post('/api/scrape-url')
      .set(identity)
      .set(headers)
      .set('content-type', 'application/json')
      .send('{"url":"https://evil.example"}')
      .expect(401);
    expect(swapped.body.error).toEqual({ code: 'invalid_signature', message: 'The request body is not the one the gateway signed' });

    // Re-labelling the body as one the signer did not read breaks the signature itself.
    const relabelled = await request(app)
      .post('/api/scrape-url')
      .set(identity)
      .set({ ...signed('/api/scrape-url', { body: '{"url":"https://a.example"}' }), 'x-huntforge-body-sha256': 'unsigned' })
      .set('content-type', 'application/json')
      .send('{"url":"https://evil.example"}')
      .expect(401);
    expect(relabelled.body.error.code).toBe('invalid_signature');

    // A body where the signature promised none, and a request without the digest header, are refused as well.
    const added = await request(app)
      .post('/api/scrape-url')
      .set(identity)
      .set(signed('/api/scrape-url', { body: '' }))
      .send({ url: 'x' })
      .expect(401);
    expect(added.body.error.code).toBe('invalid_signature');
    const { ['x-huntforge-body-sha256']: _digest, ...withoutDigest } = signed('/api/scrape-url');
    const missing = await request(app).post('/api/scrape-url').set(identity).set(withoutDigest).send({}).expect(401);
    expect(missing.body.error.code).toBe('unsigned_request');

    // The exact bytes signed pass, and so does a request without a body signed as such.
    await request(app)
      .post('/api/scrape-url')
      .set(identity)
      .set(signed('/api/scrape-url', { body: '{"url":"https://a.example"}' }))
      .set('content-type', 'application/json')
      .send('{"url":"https://a.example"}')
      .expect(201);
    await request(app)
      .post('/api/scrape-url')
      .set(identity)
      .set(signed('/api/scrape-url', { body: '' }))
      .expect(201);
  });

  it('keeps the signature and its nonce out of the request log', async () => {
    const logs = captureLogs();
    const headers = signed('/api/scrape-url');
    await request(service(logs, 'debug')).post('/api/scrape-url').set(identity).set(headers).send({}).expect(201);
    expect(logs.text()).toContain('/api/scrape-url');
    for (const value of Object.values(headers).filter((value) => value.length > 16)) expect(logs.text()).not.toContain(value);
  });
});
