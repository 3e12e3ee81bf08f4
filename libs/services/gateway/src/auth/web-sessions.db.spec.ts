import request from 'supertest';
import { SESSION_COOKIE } from '@huntforge/contracts/http';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';
import { revokeApiToken } from './api-tokens';
import { hashSessionValue } from './web-sessions';

const CSRF = { 'x-huntforge-csrf': '1' };

function setCookieOf(res: request.Response): string {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} in Set-Cookie: ${JSON.stringify(header)}`);
  return cookie;
}

/** `name=value` of a Set-Cookie line, as a browser would send it back. */
const cookiePair = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('browser sign-in (AUTH_MODE=required)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    // Loopback stands for an ingress configured as a trusted proxy, so clients behind it are told apart.
    gateway = await startGateway({ env: { TRUSTED_PROXIES: '127.0.0.1,::1' } });
  });
  afterAll(() => gateway.close());

  async function signIn(
    role: 'viewer' | 'analyst' | 'admin',
    name?: string,
  ): Promise<{ cookie: string; token: string; setCookie: string }> {
    const token = await gateway.token(role, name);
    const res = await request(gateway.app).post('/api/auth/session').send({ token }).expect(201);
    const setCookie = setCookieOf(res);
    return { cookie: cookiePair(setCookie), token, setCookie };
  }

  it('exchanges a token for an HttpOnly, SameSite=Strict cookie whose value is stored only as a hash', async () => {
    const token = await gateway.token('analyst', 'alice');
    const res = await request(gateway.app).post('/api/auth/session').set('user-agent', 'spec-browser').send({ token }).expect(201);
    expect(res.body).toEqual({
      auth_mode: 'required',
      actor: 'token:alice',
      role: 'analyst',
      via: 'session',
      expires_at: expect.any(String),
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const setCookie = setCookieOf(res);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Secure/);
    const value = cookiePair(setCookie).slice(SESSION_COOKIE.length + 1);
    expect(value).toMatch(/^hfs_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(res.body)).not.toContain(value);

    const expiresIn = Date.parse(res.body.expires_at as string) - Date.now();
    expect(expiresIn).toBeGreaterThan(11.9 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(12 * 3_600_000);

    const rows = await gateway.db.prisma.webSession.findMany({ where: { apiToken: { name: 'alice' } } });
    expect(rows).toEqual([expect.objectContaining({ sessionHash: hashSessionValue(value), userAgent: 'spec-browser', revokedAt: null })]);
    expect(JSON.stringify(rows)).not.toContain(value);
    expect(gateway.logs.text()).not.toContain(value);
    expect(gateway.logs.text()).not.toContain(token);
  });

  it('marks the cookie Secure when the browser came over HTTPS through a proxy', async () => {
    const token = await gateway.token('viewer');
    const res = await request(gateway.app).post('/api/auth/session').set('x-forwarded-proto', 'https').send({ token }).expect(201);
    expect(setCookieOf(res)).toMatch(/; Secure/);
  });

  it('authenticates reads with the cookie and says so', async () => {
    const { cookie } = await signIn('viewer', 'vera');
    const res = await request(gateway.app).get('/api/auth/session').set('cookie', cookie).expect(200);
    expect(res.body).toEqual({
      auth_mode: 'required',
      actor: 'token:vera',
      role: 'viewer',
      via: 'session',
      expires_at: expect.any(String),
    });
    const bearer = await request(gateway.app)
      .get('/api/auth/session')
      .set('authorization', `Bearer ${await gateway.token('viewer')}`)
      .expect(200);
    expect(bearer.body).toMatchObject({ via: 'bearer', expires_at: null });
  });

  it('refuses a cookie-authenticated write without the CSRF header, and changes nothing', async () => {
    const { cookie } = await signIn('admin');
    const refused = await request(gateway.app)
      .post('/api/tokens')
      .set('cookie', cookie)
      .send({ name: 'via-csrf', role: 'viewer' })
      .expect(403);
    expect(refused.body.error.code).toBe('csrf_header_missing');
    expect(await gateway.db.prisma.apiToken.count({ where: { name: 'via-csrf' } })).toBe(0);

    const wrongValue = await request(gateway.app)
      .post('/api/tokens')
      .set('cookie', cookie)
      .set('x-huntforge-csrf', 'yes')
      .send({ name: 'via-csrf', role: 'viewer' })
      .expect(403);
    expect(wrongValue.body.error.code).toBe('csrf_header_missing');

    await request(gateway.app).post('/api/tokens').set('cookie', cookie).set(CSRF).send({ name: 'via-csrf', role: 'viewer' }).expect(201);
  });

  it("keeps the token's role: a viewer's session may read but not write", async () => {
    const { cookie } = await signIn('viewer');
    const res = await request(gateway.app)
      .post('/api/tokens')
      .set('cookie', cookie)
      .set(CSRF)
      .send({ name: 'nope', role: 'viewer' })
      .expect(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it.each([
    ['an unknown well-formed token', { token: `hf_${'B'.repeat(43)}` }, 401, 'unauthenticated'],
    ['a malformed token', { token: 'letmein' }, 401, 'unauthenticated'],
    ['an empty token', { token: '' }, 400, 'validation_error'],
    ['no token', {}, 400, 'validation_error'],
    ['an extra field', { token: `hf_${'B'.repeat(43)}`, role: 'admin' }, 400, 'validation_error'],
  ])('refuses %s without setting a cookie', async (_label, body, status, code) => {
    const res = await request(gateway.app).post('/api/auth/session').send(body).expect(status);
    expect(res.body.error.code).toBe(code);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a revoked token at sign-in, and revoking a token ends its sessions', async () => {
    const { cookie, token } = await signIn('analyst', 'leaver');
    await request(gateway.app).get('/api/auth/session').set('cookie', cookie).expect(200);
    expect(await revokeApiToken(gateway.db.repos.apiTokens, 'leaver')).toBe(true);
    const res = await request(gateway.app).get('/api/auth/session').set('cookie', cookie).expect(401);
    expect(res.body.error.code).toBe('unauthenticated');
    await request(gateway.app).post('/api/auth/session').send({ token }).expect(401);
  });

  it('refuses an expired session and a forged cookie', async () => {
    const { cookie } = await signIn('viewer', 'expiring');
    await gateway.db.prisma.webSession.updateMany({
      where: { apiToken: { name: 'expiring' } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await request(gateway.app).get('/api/auth/session').set('cookie', cookie).expect(401);
    expect(expired.body.error.message).toMatch(/sign in again/);
    await request(gateway.app)
      .get('/api/auth/session')
      .set('cookie', `${SESSION_COOKIE}=hfs_${'C'.repeat(43)}`)
      .expect(401);
    await request(gateway.app).get('/api/auth/session').set('cookie', `${SESSION_COOKIE}=garbage`).expect(401);
  });

  it('drops sessions that ended more than a week ago at the next sign-in, keeping live and recent ones', async () => {
    await signIn('viewer', 'long-gone');
    await signIn('viewer', 'recently-ended');
    const live = await signIn('viewer', 'still-live');
    const prisma = gateway.db.prisma;
    await prisma.webSession.updateMany({
      where: { apiToken: { name: 'long-gone' } },
      data: { expiresAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    await prisma.webSession.updateMany({
      where: { apiToken: { name: 'recently-ended' } },
      data: { revokedAt: new Date(Date.now() - 86_400_000) },
    });
    await signIn('viewer', 'next-one');
    const names = (await prisma.webSession.findMany({ include: { apiToken: true } })).map((row) => row.apiToken.name);
    expect(names).not.toContain('long-gone');
    expect(names).toEqual(expect.arrayContaining(['recently-ended', 'still-live', 'next-one']));
    await request(gateway.app).get('/api/auth/session').set('cookie', live.cookie).expect(200);
  });

  it('signs out: the session ends, the cookie is cleared, and both are audited', async () => {
    const { cookie } = await signIn('analyst', 'bob');
    const res = await request(gateway.app).delete('/api/auth/session').set('cookie', cookie).expect(204);
    const cleared = setCookieOf(res);
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    await request(gateway.app).get('/api/auth/session').set('cookie', cookie).expect(401);
    // Signing out again (an expired tab) still clears the cookie and is not an error.
    await request(gateway.app).delete('/api/auth/session').set('cookie', cookie).expect(204);

    const events = await gateway.db.prisma.auditEvent.findMany({ where: { actor: 'token:bob' }, orderBy: { id: 'asc' } });
    expect(events.map((event) => event.type)).toEqual(['auth.signed_in', 'auth.signed_out']);
  });

  it('lists live sessions for admins only and lets them revoke one', async () => {
    const admin = await signIn('admin', 'root-admin');
    const victim = await signIn('viewer', 'carol');
    const analyst = await signIn('analyst');

    const forbidden = await request(gateway.app).get('/api/auth/sessions').set('cookie', analyst.cookie).expect(403);
    expect(forbidden.body.error.code).toBe('forbidden');

    const list = await request(gateway.app).get('/api/auth/sessions').set('cookie', admin.cookie).expect(200);
    const sessions = list.body.sessions as Array<{ id: string; token_name: string; current: boolean; role: string }>;
    expect(sessions.find((s) => s.token_name === 'root-admin')).toMatchObject({ current: true, role: 'admin' });
    const carol = sessions.find((s) => s.token_name === 'carol');
    expect(carol).toMatchObject({ current: false, role: 'viewer' });
    expect(sessions.some((s) => s.token_name === 'bob')).toBe(false);
    expect(JSON.stringify(list.body)).not.toMatch(/hfs_|session_hash/);

    await request(gateway.app).delete(`/api/auth/sessions/${carol?.id}`).set('cookie', admin.cookie).expect(403);
    await request(gateway.app).delete(`/api/auth/sessions/${carol?.id}`).set('cookie', admin.cookie).set(CSRF).expect(204);
    await request(gateway.app).get('/api/auth/session').set('cookie', victim.cookie).expect(401);
    const again = await request(gateway.app).delete(`/api/auth/sessions/${carol?.id}`).set('cookie', admin.cookie).set(CSRF).expect(404);
    expect(again.body.error.code).toBe('not_found');
    const bad = await request(gateway.app).delete('/api/auth/sessions/not-a-uuid').set('cookie', admin.cookie).set(CSRF).expect(400);
    expect(bad.body.error.code).toBe('validation_error');
    const revoked = await gateway.db.prisma.auditEvent.findFirst({ where: { type: 'auth.session_revoked' } });
    expect(revoked).toMatchObject({ actor: 'token:root-admin', payload: { session_id: carol?.id } });
  });

  // Last in this block: afterwards this address is refused for 15 minutes.
  it('refuses sign-in from an address after ten failures, even with a good token, with 429 rate_limited and Retry-After', async () => {
    const good = await gateway.token('viewer', 'patient');
    let attempts = 0;
    let last = await request(gateway.app)
      .post('/api/auth/session')
      .send({ token: `hf_${'x'.repeat(43)}` });
    while (last.status === 401 && attempts < 12) {
      attempts++;
      last = await request(gateway.app)
        .post('/api/auth/session')
        .send({ token: `hf_${'x'.repeat(43)}` });
    }
    expect(last.status).toBe(429);
    expect(attempts).toBeLessThanOrEqual(10);
    const refused = await request(gateway.app).post('/api/auth/session').send({ token: good }).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Another client behind the same (loopback) proxy is not locked out with it.
    await request(gateway.app).post('/api/auth/session').set('x-forwarded-for', '203.0.113.50').send({ token: good }).expect(201);
  });
});

describe('browser sign-in (AUTH_MODE=off)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway({ authMode: 'off' });
  });
  afterAll(() => gateway.close());

  it('answers 409 authentication_off: there is nothing to sign in to', async () => {
    const token = await gateway.token('admin');
    const res = await request(gateway.app).post('/api/auth/session').send({ token }).expect(409);
    expect(res.body.error.code).toBe('authentication_off');
    expect(res.headers['set-cookie']).toBeUndefined();
    const session = await request(gateway.app).get('/api/auth/session').expect(200);
    expect(session.body).toEqual({ auth_mode: 'off', actor: 'local', role: 'admin', via: 'local', expires_at: null });
  });
});
