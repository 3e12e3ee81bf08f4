import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import type { SqlRunner } from './seed';

/** The embedded database's data directory opened directly (the service must be stopped: it holds the directory). */
export async function pgliteRunner(dataDir: string): Promise<SqlRunner> {
  const db = new PGlite(dataDir, { extensions: { vector } });
  await db.waitReady;
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
      return (await db.query<Row>(sql, params)).rows;
    },
    async exec(sql: string): Promise<void> {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}
