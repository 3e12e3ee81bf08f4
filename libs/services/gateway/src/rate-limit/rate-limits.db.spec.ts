import request from 'supertest';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';
import { MemoryRateLimitStore } from './memory-rate-limit-store';

const LIMITS = { RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '1', RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function expectRateLimited(res: request.Response, tier: string, limit: number): void {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({ code: 'rate_limited', details: { tier, limit, window_seconds: 60 } });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBe(45);
  expect(res.body.error.details.retry_after_seconds).toBe(wait);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe.each(['memory', 'database'] as const)('gateway rate limits (%s store)', (store) => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    // 15 s into a minute window, and it stays there: no request can land in the next window.
    // The tests' requests come from loopback, standing for an ingress configured as a trusted proxy.
    gateway = await startGateway({
      env: { ...LIMITS, RATE_LIMIT_STORE: store, TRUSTED_PROXIES: '127.0.0.1,::1' },
      rateLimitClock: () => 1_800_000_015_000,
    });
  });
  afterAll(() => gateway.close());

  it('refuses a token past its budget with 429 rate_limited and Retry-After while another token still passes', async () => {
    const busy = await gateway.token('viewer');
    const calm = await gateway.token('viewer');
    for (let i = 0; i < 3; i++) await request(gateway.app).get('/api/auth/session').set(bearer(busy)).expect(200);
    expectRateLimited(await request(gateway.app).get('/api/auth/session').set(bearer(busy)), 'standard', 3);
    await request(gateway.app).get('/api/auth/session').set(bearer(calm)).expect(200);
  });

  it('counts callers without a token per client address, and never limits the probes or the docs', async () => {
    for (let i = 0; i < 3; i++) await request(gateway.app).delete('/api/auth/session').expect(204);
    const refused = await request(gateway.app).delete('/api/auth/session');
    expectRateLimited(refused, 'standard', 3);
    expect(refused.body.error.message).toMatch(/this address/);
    // Another client behind the same (loopback) proxy has its own budget.
    await request(gateway.app).delete('/api/auth/session').set('x-forwarded-for', '203.0.113.9').expect(204);
    for (let i = 0; i < 5; i++) {
      await request(gateway.app).get('/health').expect(200);
      await request(gateway.app).get('/api/health').expect(200);
      await request(gateway.app).get('/openapi.json').expect(200);
    }
  });

  it('answers a bogus bearer token 429 once its address is past the budget (401 until then)', async () => {
    const client = { 'x-forwarded-for': '192.0.2.44', ...bearer(`hf_${'b'.repeat(43)}`) };
    for (let i = 0; i < 3; i++) await request(gateway.app).get('/api/articles').set(client).expect(401);
    expectRateLimited(await request(gateway.app).get('/api/articles').set(client), 'standard', 3);
    // Another address is still only told its token is wrong.
    await request(gateway.app)
      .get('/api/articles')
      .set({ ...client, 'x-forwarded-for': '192.0.2.45' })
      .expect(401);
  });

  it('gives expensive routes their own, stricter budget', async () => {
    const analyst = await gateway.token('analyst');
    // No ingestion upstream in this harness: the first call gets past the limit (to a 404), the second does not.
    await request(gateway.app).post('/api/scrape-url').set(bearer(analyst)).send({ url: 'https://example.org/a' }).expect(404);
    expectRateLimited(
      await request(gateway.app).post('/api/scrape-url').set(bearer(analyst)).send({ url: 'https://example.org/a' }),
      'expensive',
      1,
    );
    expectRateLimited(
      await request(gateway.app).post('/api/search/semantic').set(bearer(analyst)).send({ query: 'lsass' }),
      'expensive',
      1,
    );
    await request(gateway.app).get('/api/auth/session').set(bearer(analyst)).expect(200);
  });

  it('limits sign-in attempts per client address before any token is checked', async () => {
    const client = { 'x-forwarded-for': '198.51.100.7' };
    const wrong = { token: `hf_${'x'.repeat(43)}` };
    await request(gateway.app).post('/api/auth/session').set(client).send(wrong).expect(401);
    await request(gateway.app).post('/api/auth/session').set(client).send(wrong).expect(401);
    const good = await gateway.token('viewer');
    expectRateLimited(await request(gateway.app).post('/api/auth/session').set(client).send({ token: good }), 'sign-in', 2);
  });

  if (store === 'database') {
    it('keeps the counts in rate_limit_buckets, where every replica reads them', async () => {
      const rows = await gateway.db.prisma.rateLimitBucket.findMany({ where: { key: { startsWith: 'sign-in/' } } });
      expect(rows.map((row) => row.hits)).toEqual([3]);
      expect(rows[0]?.key).toBe('sign-in/client:198.51.100.7');
      const failures = await gateway.db.prisma.rateLimitBucket.findMany({ where: { key: { startsWith: 'sign-in-failures/' } } });
      expect(failures).toHaveLength(1);
      expect(failures[0]?.hitTimes).toHaveLength(2);
    });
  }
});

describe('sign-in limits without a configured proxy (TRUSTED_PROXIES unset)', () => {
  let gateway: GatewayHarness;
  beforeAll(async () => {
    gateway = await startGateway({ env: LIMITS, rateLimitClock: () => 1_800_000_015_000 });
  });
  afterAll(() => gateway.close());

  it('ignores X-Forwarded-For: failures cannot be aimed at another address, nor escaped by rotating it', async () => {
    const wrong = { token: `hf_${'x'.repeat(43)}` };
    await request(gateway.app).post('/api/auth/session').set('x-forwarded-for', '198.51.100.7').send(wrong).expect(401);
    await request(gateway.app).post('/api/auth/session').set('x-forwarded-for', '198.51.100.8').send(wrong).expect(401);
    const good = await gateway.token('viewer');
    expectRateLimited(
      await request(gateway.app).post('/api/auth/session').set('x-forwarded-for', '198.51.100.9').send({ token: good }),
      'sign-in',
      2,
    );
  });
});

describe('a rate-limit store that fails', () => {
  class BrokenStore extends MemoryRateLimitStore {
    override async countHit(): Promise<never> {
      throw new Error('connection refused');
    }
  }
  let gateway: GatewayHarness;
  beforeAll(async () => {
    gateway = await startGateway({ env: { ...LIMITS, RATE_LIMIT_PER_MINUTE: '1' }, rateLimitStore: new BrokenStore() });
  });
  afterAll(() => gateway.close());

  it('lets the request through and logs why, rather than refusing everyone', async () => {
    const viewer = await gateway.token('viewer');
    // A budget of one: a working store would refuse the second call.
    await request(gateway.app).get('/api/auth/session').set(bearer(viewer)).expect(200);
    await request(gateway.app).get('/api/auth/session').set(bearer(viewer)).expect(200);
    expect(gateway.logs.lines().filter((line) => line.msg === 'rate limit store failed; request let through')).toHaveLength(2);
  });
});
