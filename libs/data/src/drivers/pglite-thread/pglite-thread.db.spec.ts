import { messages } from '@electric-sql/pglite';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedMigratedDataDir } from '@huntforge/test-kit';
import { createDb, sqlDriverOf, type Db } from '../../db';
import { migrateDb } from '../../migrations/migrate-db';
import { PGLITE_EXTENSIONS } from '../pglite-extensions';
import type { SqlSession } from '../sql-session';
import { extensionModules } from './extension-modules';
import { PgliteThread } from './pglite-thread';

// Long enough to outlast any timeout below by far (it would run for minutes), cheap to start.
const SLOW_QUERY = 'SELECT count(*) AS n FROM generate_series(1, 2000000000) AS g';

function session(db: Db): Promise<SqlSession> {
  return sqlDriverOf(db).withSession(async (s) => s);
}

/** Counts setInterval ticks on this thread while `work` runs: zero would mean the event loop was blocked. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ ticks: number; outcome: PromiseSettledResult<T> }> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 20);
  try {
    const [outcome] = await Promise.allSettled([work()]);
    return { ticks, outcome: outcome as PromiseSettledResult<T> };
  } finally {
    clearInterval(timer);
  }
}

describe('PGlite in a worker thread, on a data directory', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hf-pglite-thread-'));
    // From npm test's migrated image when there is one: a fresh on-disk cluster's initdb is what this suite waited on.
    seedMigratedDataDir(dir);
    db = await createDb({ dataDir: dir });
    await migrateDb(db);
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps PostgreSQL errors as DatabaseError with their fields, so Prisma maps a unique violation to P2002', async () => {
    await db.prisma.setting.create({ data: { key: 'THREAD_UNIQUE', value: 'a' } });
    await expect(db.prisma.setting.create({ data: { key: 'THREAD_UNIQUE', value: 'b' } })).rejects.toMatchObject({
      code: 'P2002',
      meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation', constraint: { fields: ['key'] } } } },
    });

    const raw = await session(db);
    const error = await raw
      .query("INSERT INTO settings (key, value, updated_at) VALUES ('THREAD_UNIQUE', 'c', now())")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      table: 'settings',
      constraint: 'settings_key_key',
      detail: 'Key (key)=(THREAD_UNIQUE) already exists.',
      message: 'duplicate key value violates unique constraint "settings_key_key"',
    });
  });

  it('brings values back with the parsers Prisma asked for (JSON, timestamps, bigint)', async () => {
    const created = await db.prisma.agentPrompt.create({
      data: { agentName: 'thread-parsers', prompt: { role: 'r', nested: [1, 'two'] } },
    });
    const read = await db.prisma.agentPrompt.findUniqueOrThrow({ where: { agentName: 'thread-parsers' } });
    expect(read.prompt).toEqual({ role: 'r', nested: [1, 'two'] });
    expect(read.createdAt).toBeInstanceOf(Date);
    expect(read.createdAt.getTime()).toBe(created.createdAt.getTime());
    const [row] = await db.prisma.$queryRawUnsafe<Array<{ big: bigint }>>('SELECT 9007199254740993::int8 AS big');
    expect(row?.big).toBe(9007199254740993n);
  });

  it('commits interactive transactions, and rolls them back when the callback throws', async () => {
    await db.prisma.$transaction(async (tx) => {
      await tx.setting.create({ data: { key: 'TX_COMMITTED', value: '1' } });
    });
    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.setting.create({ data: { key: 'TX_THROWN', value: '1' } });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const raw = await session(db);
    await raw.transaction(async (tx) => {
      await tx.query("INSERT INTO settings (key, value, updated_at) VALUES ('TX_SESSION', '1', now())");
    });
    await expect(
      raw.transaction(async (tx) => {
        await tx.query("INSERT INTO settings (key, value, updated_at) VALUES ('TX_SESSION_THROWN', '1', now())");
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const keys = (await db.prisma.setting.findMany({ where: { key: { startsWith: 'TX_' } }, orderBy: { key: 'asc' } })).map((s) => s.key);
    expect(keys).toEqual(['TX_COMMITTED', 'TX_SESSION']);
  });

  it('stops a query past SET LOCAL statement_timeout with 57014 while this thread keeps running, and keeps the data', async () => {
    const before = await db.prisma.setting.count();
    expect(before).toBeGreaterThan(0);

    const { ticks, outcome } = await ticksDuring(() =>
      db.prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe('SET TRANSACTION READ ONLY');
        await tx.$executeRawUnsafe("SET LOCAL statement_timeout = '400ms'");
        return tx.$queryRawUnsafe(SLOW_QUERY);
      }),
    );

    expect(outcome.status).toBe('rejected');
    const reason = (outcome as PromiseRejectedResult).reason;
    expect(reason).toMatchObject({
      meta: { driverAdapterError: { cause: { originalCode: '57014', originalMessage: 'canceling statement due to statement timeout' } } },
    });
    // Timers fired while the statement ran: the main thread's event loop was never blocked by it.
    expect(ticks).toBeGreaterThanOrEqual(3);
    // The database answers again, on a new thread, with every row it had.
    expect(await db.prisma.setting.count()).toBe(before);
    await db.ping();
    // SET LOCAL ended with its transaction: the same query shape without it is not limited.
    const [row] = await db.prisma.$queryRawUnsafe<Array<{ n: bigint }>>('SELECT count(*) AS n FROM generate_series(1, 1000)');
    expect(row?.n).toBe(1000n);
  });

  it('applies a session SET statement_timeout, runs the statements queued behind the stopped one, and fails the rest of its transaction', async () => {
    const raw = await session(db);
    await raw.exec("SET statement_timeout = '300ms'");
    try {
      const slow = raw.query(SLOW_QUERY).catch((e: unknown) => e);
      // Queued behind the slow statement on the single connection: it must run on the restarted thread.
      const queued = raw.query<{ one: number }>('SELECT 1 AS one');
      expect(await slow).toMatchObject({ code: '57014', severity: 'ERROR' });
      expect(await slow).toBeInstanceOf(messages.DatabaseError);
      expect(await queued).toEqual([{ one: 1 }]);

      // The session's setting survives the restart; a statement after a timeout in a transaction fails like PostgreSQL's.
      const inTransaction = raw.transaction(async (tx) => {
        const stopped = await tx.query(SLOW_QUERY).catch((e: unknown) => e);
        expect(stopped).toMatchObject({ code: '57014' });
        await tx.query('SELECT 1');
      });
      await expect(inTransaction).rejects.toMatchObject({ code: '25P02' });
    } finally {
      await raw.exec('RESET statement_timeout');
    }
    expect(await raw.query<{ ms: string }>("SELECT setting AS ms FROM pg_settings WHERE name = 'statement_timeout'")).toEqual([
      { ms: '0' },
    ]);
  });

  it('dumps the data directory as a gzipped tarball', async () => {
    const dump = await sqlDriverOf(db).dumpDataDir?.();
    expect(dump).toBeInstanceOf(Blob);
    const bytes = new Uint8Array(await (dump as Blob).arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(bytes.length).toBeGreaterThan(1000);
  });
});

describe('PGlite in a worker thread, in memory', () => {
  let thread: PgliteThread;

  beforeAll(async () => {
    thread = await PgliteThread.open(null);
  });
  afterAll(() => thread.close());

  it('does not enforce statement_timeout (a restart would lose the database): the query finishes', async () => {
    const result = await thread.transaction(async (tx) => {
      await tx.exec("SET LOCAL statement_timeout = '1ms'");
      await tx.exec('CREATE TEMP TABLE kept (n int)');
      return tx.query<{ n: number }>('SELECT count(*)::int AS n FROM generate_series(1, 300000)');
    });
    expect(result.rows).toEqual([{ n: 300000 }]);
    expect(thread.restarts).toBe(0);
  });

  it('serializes parameters by the types a statement has now: after a column changes type, and after a rollback undoes that', async () => {
    const insert = 'INSERT INTO retyped (v) VALUES ($1) RETURNING v';
    await thread.exec('CREATE TABLE retyped (v int)');
    expect((await thread.query(insert, [5])).rows).toEqual([{ v: 5 }]);
    await thread.exec('ALTER TABLE retyped ALTER COLUMN v TYPE jsonb USING to_jsonb(v)');
    // An int4 serializer would send '[object Object]': the statement's parameter type is asked again.
    expect((await thread.query(insert, [{ kept: [1, 'two'] }])).rows).toEqual([{ v: { kept: [1, 'two'] } }]);

    await thread.exec('CREATE TABLE undone (v jsonb)');
    const insertUndone = 'INSERT INTO undone (v) VALUES ($1) RETURNING v';
    await expect(
      thread.transaction(async (tx) => {
        await tx.exec('ALTER TABLE undone ALTER COLUMN v TYPE int4[] USING NULL');
        expect((await tx.query(insertUndone, [[1, 2]])).rows).toEqual([{ v: [1, 2] }]);
        throw new Error('undo the change');
      }),
    ).rejects.toThrow('undo the change');
    expect((await thread.query(insertUndone, [{ back: true }])).rows).toEqual([{ v: { back: true } }]);
  });

  it('answers a failing statement with its PostgreSQL error and the statement, and runs the next one', async () => {
    const error = await thread.query('SELECT $1::int AS n FROM no_such_table', [1]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: '42P01', query: 'SELECT $1::int AS n FROM no_such_table' });
    expect((await thread.query('SELECT $1::int AS n, $2::text AS t, $3::bool AS b', [7, null, true])).rows).toEqual([
      { n: 7, t: null, b: true },
    ]);
  });

  it('loads every extension the migrations create (the same list as PGLITE_EXTENSIONS)', async () => {
    expect(
      extensionModules()
        .map((extension) => extension.name)
        .sort(),
    ).toEqual(Object.keys(PGLITE_EXTENSIONS).sort());
    await thread.exec('CREATE EXTENSION IF NOT EXISTS vector; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
    const result = await thread.query<{ distance: number; similar: boolean }>(
      "SELECT '[1,0]'::vector <-> '[0,0]'::vector AS distance, 'mimikatz' % 'mimikatz.exe' AS similar",
    );
    expect(result.rows).toEqual([{ distance: 1, similar: true }]);
  });

  it("rolls back on tx.rollback() not awaited before the callback returns (as Prisma's adapter calls it)", async () => {
    await thread.exec('CREATE TABLE rolled (n int)');
    await thread.transaction(async (tx) => {
      await tx.query('INSERT INTO rolled VALUES (1)');
      void tx.rollback();
      await expect(tx.query('SELECT 1')).rejects.toThrow('Transaction is closed');
    });
    expect((await thread.query('SELECT count(*)::int AS n FROM rolled')).rows).toEqual([{ n: 0 }]);
  });

  it('refuses query options that cannot cross to the thread, and every call once closed', async () => {
    await expect(thread.query('SELECT 1', [], { serializers: {} } as never)).rejects.toThrow(/serializers cannot cross/);
    await thread.close();
    expect(thread.closed).toBe(true);
    await expect(thread.query('SELECT 1')).rejects.toThrow('PGlite is closed');
  });

  it('rejects opening a data directory PGlite cannot use, with its reason', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hf-pglite-bad-'));
    try {
      const notADirectory = join(dir, 'file');
      await writeFile(notADirectory, 'not a database');
      await expect(PgliteThread.open(notADirectory)).rejects.toThrow(
        `could not open the embedded database (${notADirectory}): ErrnoError (errno 54)`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
