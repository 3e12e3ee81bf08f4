import { readdir } from 'node:fs/promises';
import type { Db } from '@huntforge/data';
import { resolveMigrationsDir } from '@huntforge/data';
import { BackupError } from '../errors';

/** The newest migration applied to `db` (Prisma's bookkeeping table), or null for a database never migrated. */
export async function latestAppliedMigration(db: Db): Promise<string | null> {
  const rows = await db.prisma
    .$queryRawUnsafe<Array<{ migration_name: string }>>(
      'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name DESC LIMIT 1',
    )
    .catch((error: unknown) => {
      // 42P01: the table does not exist yet (nothing was ever migrated).
      if (String((error as { message?: unknown }).message ?? error).includes('_prisma_migrations')) return [];
      throw error;
    });
  return rows[0]?.migration_name ?? null;
}

/** The newest migration this build ships (folder names sort in apply order). */
export async function newestKnownMigration(migrationsDir: string = resolveMigrationsDir()): Promise<string | null> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return names.at(-1) ?? null;
}

/**
 * Refuses a backup taken at a migration this build does not know yet: its tables would not match the
 * code, and no down-migration exists. An older backup is fine (start migrates it forward).
 */
export function assertSchemaRestorable(backupMigration: string | null, newestKnown: string | null): void {
  if (backupMigration === null || newestKnown === null) return;
  if (backupMigration > newestKnown) {
    throw new BackupError(
      'backup_schema_newer',
      `the backup was taken at migration ${backupMigration}, newer than this Huntforge's newest (${newestKnown}); restore it with the Huntforge version that made it`,
      { backup: backupMigration, newest_known: newestKnown },
    );
  }
}
