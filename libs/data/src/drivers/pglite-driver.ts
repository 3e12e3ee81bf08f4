import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { lockDirectory, type DirectoryLock } from './directory-lock';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import type { SqlDriver, SqlExecutor, SqlSession } from './sql-session';

type PGliteLike = PGlite | Transaction;

function executorFor(db: PGliteLike): SqlExecutor {
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
}

/**
 * Embedded PostgreSQL (WASM) with pgvector. `dataDir` null means in memory.
 * PGlite is one connection, so a "session" is the instance itself and transactions use its
 * exclusive transaction API, which queues every other query until the transaction ends.
 */
export async function connectPglite(dataDir: string | null): Promise<PgliteConnection> {
  let lock: DirectoryLock | null = null;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    lock = await lockDirectory(dataDir);
  }
  const pglite = new PGlite(dataDir ?? 'memory://', { extensions: PGLITE_EXTENSIONS });
  try {
    await pglite.waitReady;
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
    async close(): Promise<void> {
      if (!pglite.closed) await pglite.close();
      await lock?.release();
    },
  };
  return { driver, adapter: new PrismaPGlite(pglite) };
}
