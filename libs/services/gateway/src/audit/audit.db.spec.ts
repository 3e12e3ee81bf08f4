import request from 'supertest';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';

describe('GET /api/audit', () => {
  let gateway: GatewayHarness;
  let admin: string;
  let analyst: string;

  beforeAll(async () => {
    gateway = await startGateway();
    admin = await gateway.token('admin', 'auditor');
    analyst = await gateway.token('analyst', 'not-an-auditor');
    const events = gateway.db.prisma.auditEvent;
    const at = (iso: string) => new Date(iso);
    await events.create({
      data: {
        type: 'scheduled_jobs.updated',
        actor: 'token:ops',
        payload: { jobs: ['cleanup_old_data'] },
        createdAt: at('2026-11-20T08:00:00Z'),
      },
    });
    await events.create({
      data: {
        type: 'mcp.tool_call',
        actor: 'token:claude',
        tool: 'query_sql',
        outcome: 'ok',
        durationMs: 12,
        payload: { arguments: { sql: 'SELECT 1' } },
        createdAt: at('2026-11-20T09:00:00Z'),
      },
    });
    await events.create({
      data: {
        type: 'mcp.tool_call',
        actor: 'token:claude',
        tool: 'delete_article',
        outcome: 'pending_confirmation',
        durationMs: 5,
        payload: {},
        createdAt: at('2026-11-20T10:00:00Z'),
      },
    });
    await events.create({
      data: {
        type: 'mcp.tool_call',
        actor: 'token:viewer',
        tool: 'delete_article',
        outcome: 'forbidden',
        durationMs: 1,
        payload: {},
        createdAt: at('2026-11-20T11:00:00Z'),
      },
    });
    await events.create({
      data: {
        type: 'mcp.tool_call',
        actor: 'token:claude',
        tool: 'query_sql',
        outcome: 'error',
        durationMs: 3,
        payload: {},
        createdAt: at('2026-11-21T09:00:00Z'),
      },
    });
  });
  afterAll(() => gateway.close());

  const get = (query: string) => request(gateway.app).get(`/api/audit${query}`).set('Authorization', `Bearer ${admin}`);

  it('lists every event newest first with its tool, caller, outcome and duration', async () => {
    const res = await get('').expect(200);
    expect(res.body.events).toHaveLength(5);
    expect(res.body.events[0]).toEqual({
      id: expect.any(Number),
      type: 'mcp.tool_call',
      actor: 'token:claude',
      tool: 'query_sql',
      outcome: 'error',
      duration_ms: 3,
      payload: {},
      created_at: '2026-11-21T09:00:00.000Z',
    });
    expect(res.body.events[4]).toMatchObject({ type: 'scheduled_jobs.updated', tool: null, outcome: null });
    expect(res.body.next_cursor).toBeNull();
  });

  it('filters by tool, caller, outcome, type and time', async () => {
    const tools = (res: request.Response) => res.body.events.map((e: { tool: string; outcome: string }) => `${e.tool}:${e.outcome}`);
    expect(tools(await get('?tool=delete_article').expect(200))).toEqual([
      'delete_article:forbidden',
      'delete_article:pending_confirmation',
    ]);
    expect(tools(await get('?caller=token:claude&outcome=ok').expect(200))).toEqual(['query_sql:ok']);
    expect(tools(await get('?since=2026-11-20T09:30:00Z&until=2026-11-21T00:00:00Z').expect(200))).toEqual([
      'delete_article:forbidden',
      'delete_article:pending_confirmation',
    ]);
    expect((await get('?type=scheduled_jobs.updated').expect(200)).body.events).toEqual([expect.objectContaining({ actor: 'token:ops' })]);
  });

  it('pages with a cursor', async () => {
    const first = await get('?limit=2').expect(200);
    expect(first.body.events).toHaveLength(2);
    const second = await get(`?limit=2&cursor=${first.body.next_cursor}`).expect(200);
    const third = await get(`?limit=2&cursor=${second.body.next_cursor}`).expect(200);
    expect(third.body.next_cursor).toBeNull();
    const ids = [...first.body.events, ...second.body.events, ...third.body.events].map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(5);
  });

  it('refuses bad filters with 400 and non-admins with 401/403', async () => {
    expect((await get('?since=yesterday').expect(400)).body.error.code).toBe('validation_error');
    expect((await get('?since=2026-11-21T00:00:00Z&until=2026-11-20T00:00:00Z').expect(400)).body.error.code).toBe('invalid_time_range');
    expect((await get('?cursor=garbage').expect(400)).body.error.code).toBe('invalid_cursor');
    expect((await get('?limit=501').expect(400)).body.error.code).toBe('validation_error');
    await request(gateway.app).get('/api/audit').expect(401);
    const forbidden = await request(gateway.app).get('/api/audit').set('Authorization', `Bearer ${analyst}`).expect(403);
    expect(forbidden.body.error.code).toBe('forbidden');
  });
});
