import { createDb, migrateDb, type Db } from '@huntforge/data';
import { loadConfig, loadDotEnv } from '@huntforge/platform';

/**
 * Runs one CLI command against the database the service itself uses (DATABASE_URL, else the embedded
 * PGlite under DATA_DIR), migrated first unless asked not to, and closes it whatever the command does.
 */
export async function withDatabase<T>(work: (db: Db) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
  loadDotEnv();
  const config = loadConfig(process.env, { shape: 'all-in-one', service: 'cli' });
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (options.migrate ?? true) await migrateDb(db);
    return await work(db);
  } finally {
    await db.close();
  }
}
