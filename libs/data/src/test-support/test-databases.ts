import { createDb, type Db } from '../db';
import { migrateDb } from '../migrations/migrate-db';
import { createScratchDatabase, infraUrl } from '@huntforge/test-kit';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL when TEST_DATABASE_URL is set (required under REQUIRE_INFRA). */
export function availableDbKinds(): DbKind[] {
  return infraUrl('postgres') ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  /** Migrated Db on a fresh database. */
  db: Db;
  /** Opens another Db on the same database (a second replica). */
  connectAnother(): Promise<Db>;
  /** Closes every Db it opened and drops the scratch database. */
  dispose(): Promise<void>;
}

/** A fresh database of `kind`; `migrate: false` leaves it empty for migrator tests. */
export async function openTestDatabase(kind: DbKind, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const opened: Db[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let open: () => Promise<Db>;
  if (kind === 'pglite') {
    // Migrated suites start from the image npm test's global setup made; migrator tests need an empty database.
    const image = options.migrate === false ? undefined : process.env['TEST_PGLITE_IMAGE'];
    open = () => createDb({ inMemory: true, inMemoryImage: image });
  } else {
    const serverUrl = infraUrl('postgres');
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
    const scratch = await createScratchDatabase(serverUrl);
    drop = scratch.drop;
    open = () => createDb({ databaseUrl: scratch.url });
  }
  const track = async (): Promise<Db> => {
    const db = await open();
    opened.push(db);
    return db;
  };
  const db = await track();
  if (options.migrate !== false) await migrateDb(db);
  return {
    db,
    connectAnother: () => {
      if (kind === 'pglite') throw new Error('PGlite is one embedded database per process; use PostgreSQL for a second replica');
      return track();
    },
    async dispose(): Promise<void> {
      await Promise.all(opened.map((d) => d.close()));
      await drop();
    },
  };
}
