import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, type PoolClient } from 'pg';
import type { SqlDriver, SqlExecutor, SqlSession } from './sql-session';

function executorFor(client: PoolClient): SqlExecutor {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
      const result = await client.query(sql, params);
      return result.rows as Row[];
    },
    async exec(script: string): Promise<void> {
      await client.query(script);
    },
  };
}

function sessionFor(client: PoolClient): SqlSession {
  const executor = executorFor(client);
  return {
    ...executor,
    async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      await client.query('BEGIN');
      try {
        const result = await work(executor);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
}

export interface PostgresConnection {
  driver: SqlDriver;
  adapter: PrismaPg;
}

/** One pg pool shared by Prisma (through @prisma/adapter-pg) and the raw SQL sessions. */
export function connectPostgres(databaseUrl: string): PostgresConnection {
  const pool = new Pool({ connectionString: databaseUrl });
  // An idle client that loses its server would otherwise crash the process with an unhandled 'error'.
  pool.on('error', () => undefined);
  const driver: SqlDriver = {
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        return await work(sessionFor(client));
      } finally {
        client.release();
      }
    },
    async close(): Promise<void> {
      await pool.end();
    },
  };
  return { driver, adapter: new PrismaPg(pool) };
}
