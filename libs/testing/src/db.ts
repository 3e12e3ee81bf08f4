import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDb, migrateDb, type Db } from '@huntforge/data';
import { infraUrl } from './infra';

/**
 * A migrated database for one test file.
 * - pglite: in memory, gone when closed.
 * - postgres: a fresh, uniquely named database on the TEST_DATABASE_URL server (with pgvector);
 *   `close()` drops it. Call `describeWithInfra('postgres')` first: without TEST_DATABASE_URL this
 *   throws (and under REQUIRE_INFRA that is the point).
 */
export async function createTestDb(kind: 'pglite' | 'postgres'): Promise<Db> {
  if (kind === 'pglite') {
    const db = await createDb({ inMemory: true });
    await migrateOrClose(db);
    return db;
  }
  const serverUrl = infraUrl('postgres');
  if (!serverUrl) throw new Error('createTestDb("postgres") needs TEST_DATABASE_URL');
  const database = await createScratchDatabase(serverUrl);
  const db = await createDb({ databaseUrl: database.url });
  await migrateOrClose(db, database.drop);
  let closing: Promise<void> | null = null;
  return {
    kind: db.kind,
    prisma: db.prisma,
    repos: db.repos,
    ping: () => db.ping(),
    close(): Promise<void> {
      closing ??= db.close().finally(database.drop);
      return closing;
    },
  };
}

async function migrateOrClose(db: Db, cleanup: () => Promise<void> = async () => undefined): Promise<void> {
  try {
    await migrateDb(db);
  } catch (error) {
    await db.close();
    await cleanup();
    throw error;
  }
}

async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `huntforge_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, async (admin) => {
    const available = await admin.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    if (available.rowCount === 0) {
      throw new Error(
        `The PostgreSQL server in TEST_DATABASE_URL has no pgvector extension ("vector"); install it before running PostgreSQL tests`,
      );
    }
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await withClient(url.toString(), (client) => client.query('CREATE EXTENSION IF NOT EXISTS vector'));
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
