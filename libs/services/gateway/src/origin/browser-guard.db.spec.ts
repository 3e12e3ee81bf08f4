import request from 'supertest';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';
import { isAllowedHost } from './browser-guard';

describe('isAllowedHost', () => {
  it('accepts loopback names and IP literals, and listed names (with wildcards) only', () => {
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', '10.0.0.7', 'app.localhost'])
      expect(isAllowedHost(host, [])).toBe(true);
    expect(isAllowedHost('attacker.example:8080', [])).toBe(false);
    expect(isAllowedHost('huntforge.example.com', ['huntforge.example.com'])).toBe(true);
    expect(isAllowedHost('a.corp.example', ['*.corp.example'])).toBe(true);
    expect(isAllowedHost('corp.example', ['*.corp.example'])).toBe(false);
    expect(isAllowedHost('evilcorp.example', ['*.corp.example'])).toBe(false);
    expect(isAllowedHost(undefined, [])).toBe(false);
  });
});

describe('browser guard on the gateway (local mode, where any page could otherwise drive the service)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway({ authMode: 'off', allowedHosts: 'huntforge.example.com' });
  }, 120_000);
  afterAll(() => gateway.close());

  it('refuses a rebound foreign Host (421 host_not_allowed) and answers a listed one', async () => {
    const refused = await request(gateway.app)
      .post('/api/tokens')
      .set('Host', 'attacker.example')
      .send({ name: 'x', role: 'admin' })
      .expect(421);
    expect(refused.body.error.code).toBe('host_not_allowed');
    await request(gateway.app).get('/api/tokens').set('Host', 'huntforge.example.com').expect(200);
    expect((await gateway.db.repos.apiTokens.list()).map((token) => token.name)).not.toContain('x');
  });

  it('refuses state-changing requests from another site (Sec-Fetch-Site or Origin) and lets same-origin ones through', async () => {
    const bySite = await request(gateway.app)
      .post('/api/tokens')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ name: 'y', role: 'admin' })
      .expect(403);
    expect(bySite.body.error.code).toBe('cross_origin_refused');
    await request(gateway.app).put('/api/scheduled-jobs').set('Origin', 'https://attacker.example').send({ jobs: [] }).expect(403);
    await request(gateway.app).post('/api/tokens').set('Origin', 'null').send({ name: 'y', role: 'admin' }).expect(403);
    const host = '127.0.0.1:8080';
    await request(gateway.app)
      .post('/api/tokens')
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ name: 'same-site', role: 'viewer' })
      .expect(201);
    // Reads stay open to any page (the browser keeps their answers from it without CORS).
    await request(gateway.app).get('/api/scheduled-jobs').set('Sec-Fetch-Site', 'cross-site').expect(200);
  });

  it('accepts only JSON request bodies on writes (a cross-site form post cannot send one)', async () => {
    const form = await request(gateway.app).post('/api/tokens').type('form').send('name=z&role=admin').expect(415);
    expect(form.body.error.code).toBe('unsupported_media_type');
    await request(gateway.app).post('/api/tokens').set('Content-Type', 'text/plain').send('{"name":"z","role":"admin"}').expect(415);
    expect((await gateway.db.repos.apiTokens.list()).map((token) => token.name)).not.toContain('z');
  });

  it('lets a telemetry file through as the body of the dataset upload only, and never from another site', async () => {
    const file = Buffer.from('{"a": 1}\n');
    const upload = await request(gateway.app)
      .post('/api/telemetry/datasets?name=a.jsonl')
      .set('Content-Type', 'application/octet-stream')
      .send(file);
    // Past the guard: the upstream answers (here it is not running), not the guard's 415.
    expect(upload.status).not.toBe(415);
    expect(upload.body.error?.code).not.toBe('unsupported_media_type');
    const elsewhere = await request(gateway.app).post('/api/tokens').set('Content-Type', 'application/octet-stream').send(file).expect(415);
    expect(elsewhere.body.error.code).toBe('unsupported_media_type');
    await request(gateway.app)
      .post('/api/telemetry/datasets?name=a.jsonl')
      .set('Content-Type', 'application/gzip')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(file)
      .expect(403);
  });
});
