import { sqlDriverOf, type Db } from '../db';
import { readMigrationFiles } from './migration-files';
import { resolveMigrationsDir } from './migrations-dir';
import { applyPendingMigrations } from './migrator';

export interface MigrateOptions {
  /** Defaults to MIGRATIONS_DIR or the repository's prisma/migrations. */
  migrationsDir?: string;
}

/** Applies the pending migrations of the migrations folder; returns the names applied now. */
export async function migrateDb(db: Db, options: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const migrations = await readMigrationFiles(options.migrationsDir ?? resolveMigrationsDir());
  const applied = await applyPendingMigrations(sqlDriverOf(db), migrations);
  return { applied };
}
