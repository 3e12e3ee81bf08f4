import { createDb, migrateDb, type Db } from '@huntforge/data';
import { createScratchDatabase, infraUrl } from '@huntforge/test-kit';

/** A migrated test database and, on PostgreSQL, the URL of its scratch database (for pg_dump and other clients). */
export interface TestDatabaseHandle {
  db: Db;
  /** postgresql:// URL of the scratch database; null for in-memory PGlite. */
  url: string | null;
}

/**
 * A migrated database for one test file.
 * - pglite: in memory, gone when closed.
 * - postgres: a fresh, uniquely named database on the TEST_DATABASE_URL server (with pgvector);
 *   `close()` drops it. Call `describeWithInfra('postgres')` first: without TEST_DATABASE_URL this
 *   throws (and under REQUIRE_INFRA that is the point).
 */
export async function createTestDb(kind: 'pglite' | 'postgres'): Promise<Db> {
  return (await openTestDb(kind)).db;
}

/** createTestDb, also answering the scratch database's URL. */
export async function openTestDb(kind: 'pglite' | 'postgres'): Promise<TestDatabaseHandle> {
  if (kind === 'pglite') {
    // From the migrated image npm test's global setup made (the migrator then finds nothing to apply).
    const db = await createDb({ inMemory: true, inMemoryImage: process.env['TEST_PGLITE_IMAGE'] });
    await migrateOrClose(db);
    return { db, url: null };
  }
  const serverUrl = infraUrl('postgres');
  if (!serverUrl) throw new Error('createTestDb("postgres") needs TEST_DATABASE_URL');
  const database = await createScratchDatabase(serverUrl);
  const db = await createDb({ databaseUrl: database.url });
  await migrateOrClose(db, database.drop);
  let closing: Promise<void> | null = null;
  return {
    url: database.url,
    db: {
      kind: db.kind,
      prisma: db.prisma,
      repos: db.repos,
      ping: () => db.ping(),
      close(): Promise<void> {
        closing ??= db.close().finally(database.drop);
        return closing;
      },
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
