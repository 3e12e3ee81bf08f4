import request from 'supertest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describeWithInfra } from '@huntforge/test-kit';
import { startMcpHarness, structured, toolError, type McpHarness } from '../test-support/harness';

const RECURSIVE = 'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM t WHERE n < 30000000) SELECT count(*) FROM t';
const DEEP_JSON = `SELECT '${'['.repeat(5_000)}${']'.repeat(5_000)}'::jsonb AS deep`;
/** Seventeen nested replace() calls double a bracket to 131,072 at run time: no literal nests deep, the cast does. */
const doubled = (bracket: string) =>
  Array.from({ length: 17 }).reduce<string>((text) => `replace(${text}, '${bracket}', '${bracket}${bracket}')`, `'${bracket}'`);
const BUILT_DEEP_JSON = `SELECT (${doubled('[')} || ${doubled(']')})::jsonb AS deep`;

function guard(shape: 'pglite' | 'postgres'): void {
  let harness: McpHarness;
  let viewer: Client;

  beforeAll(async () => {
    harness = await startMcpHarness({
      db: shape,
      // What /health does: one query on the database, which a stalled embedded database could not answer.
      extraRoutes: (app) =>
        app.get('/health', async (_req, res) => {
          await harness.ctx.db.prisma.$queryRawUnsafe('SELECT 1');
          res.status(200).json({ status: 'ok' });
        }),
    });
    viewer = await harness.client(await harness.token('viewer', 'reader'));
  }, 120_000);
  afterAll(async () => harness.dispose());

  const query = (sql: string) => viewer.callTool({ name: 'query_sql', arguments: { sql } });

  if (shape === 'pglite') {
    it('refuses a recursive CTE on the embedded database before running it', async () => {
      const refused = toolError(await query(RECURSIVE));
      expect(refused.code).toBe('sql_refused');
      expect(refused.message).toMatch(/recursive/i);
    });

    it('keeps /health at 200 while twelve recursive queries arrive at once', async () => {
      const calls = Array.from({ length: 12 }, () => query(RECURSIVE));
      const health = await request(harness.url).get('/health');
      expect(health.status).toBe(200);
      const codes = (await Promise.all(calls)).map((result) => toolError(result).code);
      expect(codes).toEqual(Array.from({ length: 12 }, () => 'sql_refused'));
    });
  } else {
    it('runs a bounded recursive CTE on PostgreSQL (its statement timeout and connections keep others going)', async () => {
      const small = structured<{ rows: Array<{ n: number }> }>(
        await query('WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM t WHERE n < 10) SELECT count(*)::int AS n FROM t'),
      );
      expect(small.rows).toEqual([{ n: 10 }]);
    });
  }

  it('refuses a JSON literal nested thousands of levels deep with sql_refused, not internal_error', async () => {
    const refused = toolError(await query(DEEP_JSON));
    expect(refused.code).toBe('sql_refused');
    expect(refused.message).toMatch(/nest/i);
  });

  it('answers a JSON value built 131,072 levels deep at run time with a clear tool error, never a silent empty result', async () => {
    const refused = toolError(await query(BUILT_DEEP_JSON));
    if (shape === 'pglite') {
      // PGlite's WebAssembly stack overflows on it and answers no rows at all: the cast is refused before it runs.
      expect(refused).toMatchObject({ code: 'sql_refused', message: expect.stringMatching(/Casting a computed value to jsonb/) });
    } else {
      expect(refused).toMatchObject({ code: 'sql_failed', message: expect.stringMatching(/stack depth limit exceeded/) });
    }
  });

  if (shape === 'pglite') {
    it('still casts literals to jsonb on the embedded database', async () => {
      const answer = structured<{ rows: Array<{ v: unknown }> }>(await query(`SELECT '{"a": [1, 2]}'::jsonb AS v`));
      expect(answer.rows).toEqual([{ v: { a: [1, 2] } }]);
    });
  }

  it('answers tools/call without params with -32602 (invalid params), not an internal error', async () => {
    const token = await harness.token('viewer', 'raw');
    const answer = await request(harness.url)
      .post('/mcp')
      .set({ Authorization: `Bearer ${token}`, Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' })
      .send({ jsonrpc: '2.0', id: 7, method: 'tools/call' });
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
    expect(JSON.stringify(answer.body)).not.toMatch(/zod|invalid_type/i);
  });
}

describe('query_sql guards on the embedded database', () => guard('pglite'));
describeWithInfra('postgres')('query_sql guards on PostgreSQL', () => guard('postgres'));
