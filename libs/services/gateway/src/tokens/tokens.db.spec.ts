import request from 'supertest';
import { apiTokenListResponseSchema, createApiTokenResponseSchema } from '@huntforge/contracts/http';
import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';

describe('/api/tokens', () => {
  let gateway: GatewayHarness;
  let admin: string;

  beforeAll(async () => {
    gateway = await startGateway();
    admin = await gateway.token('admin', 'root');
  });
  afterAll(() => gateway.close());

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('POST creates a token, shows it once, and it works', async () => {
    const res = await request(gateway.app).post('/api/tokens').set(as(admin)).send({ name: 'reader', role: 'viewer' }).expect(201);
    const body = createApiTokenResponseSchema.parse(res.body);
    expect(body.api_token).toMatchObject({ name: 'reader', role: 'viewer', revoked_at: null });
    expect(body.token.startsWith(body.api_token.prefix)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');

    await request(gateway.app).get('/api/scheduled-jobs').set(as(body.token)).expect(200);
  });

  it('GET lists tokens without secrets', async () => {
    const res = await request(gateway.app).get('/api/tokens').set(as(admin)).expect(200);
    const { tokens } = apiTokenListResponseSchema.parse(res.body);
    expect(tokens.map((t) => t.name)).toEqual(expect.arrayContaining(['root', 'reader']));
    expect(JSON.stringify(res.body)).not.toMatch(/hash|hf_[A-Za-z0-9_-]{20,}/i);
  });

  it('POST refuses a duplicate name (409) and an invalid role (400)', async () => {
    const dup = await request(gateway.app).post('/api/tokens').set(as(admin)).send({ name: 'root', role: 'viewer' }).expect(409);
    expect(dup.body.error.code).toBe('token_name_taken');
    const bad = await request(gateway.app).post('/api/tokens').set(as(admin)).send({ name: 'x', role: 'superuser' }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_error', details: [expect.objectContaining({ path: 'body.role' })] });
  });

  it('DELETE revokes, after which the token is refused; a second DELETE is 404', async () => {
    const created = await request(gateway.app).post('/api/tokens').set(as(admin)).send({ name: 'temp', role: 'analyst' }).expect(201);
    const { token, api_token } = createApiTokenResponseSchema.parse(created.body);
    await request(gateway.app).delete(`/api/tokens/${api_token.id}`).set(as(admin)).expect(204);
    await request(gateway.app).get('/api/scheduled-jobs').set(as(token)).expect(401);
    const again = await request(gateway.app).delete(`/api/tokens/${api_token.id}`).set(as(admin)).expect(404);
    expect(again.body.error.code).toBe('not_found');
    await request(gateway.app).delete('/api/tokens/abc').set(as(admin)).expect(400);
  });

  it('audits who created and revoked a token, never its secret', async () => {
    const created = await request(gateway.app).post('/api/tokens').set(as(admin)).send({ name: 'audited', role: 'viewer' }).expect(201);
    const { token, api_token } = createApiTokenResponseSchema.parse(created.body);
    await request(gateway.app).delete(`/api/tokens/${api_token.id}`).set(as(admin)).expect(204);
    const [made] = await gateway.db.repos.audit.list({ type: AUDIT_EVENT_TYPES.apiTokenCreated, limit: 1 });
    const [revoked] = await gateway.db.repos.audit.list({ type: AUDIT_EVENT_TYPES.apiTokenRevoked, limit: 1 });
    expect(made).toEqual(expect.objectContaining({ actor: 'token:root', payload: { id: api_token.id, name: 'audited', role: 'viewer' } }));
    expect(revoked).toEqual(expect.objectContaining({ actor: 'token:root', payload: { id: api_token.id } }));
    expect(JSON.stringify([made, revoked])).not.toContain(token);
  });
});
