import { randomUUID } from 'node:crypto';
import type { SqlDriver, SqlSession } from '../drivers/sql-session';
import { MigrationChecksumError, MigrationFailedError } from './migration-errors';
import type { MigrationFile } from './migration-files';

/** The same key as Prisma's schema engine, so this migrator and `prisma migrate deploy` exclude each other. */
const ADVISORY_LOCK_KEY = 72707369;

/** Prisma's own bookkeeping table, column for column. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

/**
 * Applies pending migrations in order, each in its own transaction together with its
 * `_prisma_migrations` row. Holds a session advisory lock throughout, so replicas starting at once
 * apply each migration exactly once; the late ones wait, then find nothing to do.
 */
export async function applyPendingMigrations(driver: SqlDriver, migrations: MigrationFile[]): Promise<string[]> {
  return driver.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    try {
      await session.exec(CREATE_MIGRATIONS_TABLE);
      const rows = await session.query<MigrationRow>(
        'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
      );
      const pending = pendingMigrations(migrations, rows);
      const applied: string[] = [];
      for (const migration of pending) {
        await applyOne(session, migration);
        applied.push(migration.name);
      }
      return applied;
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]);
    }
  });
}

function pendingMigrations(migrations: MigrationFile[], rows: MigrationRow[]): MigrationFile[] {
  const recorded = new Map(rows.map((row) => [row.migration_name, row]));
  for (const row of rows) {
    if (row.finished_at === null) throw new MigrationFailedError(row.migration_name);
  }
  // Applied migrations unknown to this build are tolerated: an older replica may start after a newer one migrated.
  return migrations.filter((migration) => {
    const row = recorded.get(migration.name);
    if (!row) return true;
    if (row.checksum !== migration.checksum) throw new MigrationChecksumError(migration.name);
    return false;
  });
}

async function applyOne(session: SqlSession, migration: MigrationFile): Promise<void> {
  const id = randomUUID();
  try {
    await session.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, clock_timestamp(), 0)',
        [id, migration.checksum, migration.name],
      );
      await tx.exec(migration.script);
      await tx.query('UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1', [id]);
    });
  } catch (error) {
    // The transaction undid the migration, so record it as rolled back: visible in the history,
    // and the next start retries it after the file is fixed.
    await session.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ($1, $2, $3, $4, clock_timestamp(), clock_timestamp(), 0)',
      [id, migration.checksum, migration.name, error instanceof Error ? error.message : String(error)],
    );
    throw new MigrationFailedError(migration.name, error);
  }
}
