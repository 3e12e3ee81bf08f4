import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '@huntforge/data';
import type { SqlRunner } from './seed';

/** The embedded database's data directory opened directly (the service must be stopped: it holds the directory). */
export async function pgliteRunner(dataDir: string): Promise<SqlRunner> {
  const db = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
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
