import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { lockDirectory, type DirectoryLock } from './directory-lock';
import { PgliteThread, type ThreadExecutor } from './pglite-thread/pglite-thread';
import type { SqlDriver, SqlExecutor, SqlSession } from './sql-session';
import type { TableChanges } from './table-changes';

function executorFor(db: ThreadExecutor): SqlExecutor {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
      const result = await db.query<Row>(sql, params);
      return result.rows;
    },
    async exec(script: string): Promise<void> {
      await db.exec(script);
    },
  };
}

export interface PgliteConnection {
  driver: SqlDriver;
  adapter: PrismaPGlite;
  /** Every write this process sends to the watched tables (it is the database's only client). */
  changes: TableChanges;
}

/**
 * Embedded PostgreSQL (WASM) with pgvector, run in a worker thread so a long query never blocks this
 * thread's HTTP server, bus and health probes; statement_timeout is enforced on a data directory (see
 * pglite-thread/worker-link.ts). `dataDir` null means in memory. The directory lock stays on this thread.
 * PGlite is one connection, so a "session" is the instance itself and transactions use its
 * exclusive transaction API, which queues every other query until the transaction ends.
 */
export async function connectPglite(dataDir: string | null, imageFile?: string): Promise<PgliteConnection> {
  let lock: DirectoryLock | null = null;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    lock = await lockDirectory(dataDir);
  }
  let pglite: PgliteThread;
  try {
    pglite = await PgliteThread.open(dataDir, imageFile);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const session: SqlSession = {
    ...executorFor(pglite),
    transaction: <T>(work: (tx: SqlExecutor) => Promise<T>) => pglite.transaction((tx) => work(executorFor(tx))),
  };
  const driver: SqlDriver = {
    kind: 'pglite',
    withSession: (work) => work(session),
    async dumpDataDir(): Promise<Blob> {
      // The checkpoint shortens recovery on load; the thread copies the files between statements, so they keep still.
      await pglite.exec('CHECKPOINT');
      return pglite.dumpDataDir('gzip');
    },
    async close(): Promise<void> {
      if (!pglite.closed) await pglite.close();
      await lock?.release();
    },
  };
  // The adapter is typed for PGlite itself but calls only what PgliteThread provides (query with rowMode and
  // parsers, exec, transaction with query/exec/rollback); errors arrive as PGlite's own DatabaseError.
  return { driver, adapter: new PrismaPGlite(pglite as unknown as PGlite), changes: pglite.changes };
}
