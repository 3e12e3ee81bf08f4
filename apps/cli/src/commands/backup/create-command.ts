import { ApiError, createApiClient } from '@huntforge/api-client';
import { createBackup, databaseSourceOf } from '@huntforge/backup';
import { backupRoutes } from '@huntforge/contracts/api';
import { createDb, DatabaseInUseError, type Db } from '@huntforge/data';
import { startProgress } from '../../progress';
import type { BackupEnvironment } from './backup-environment';

export interface CreatedBackup {
  id: string;
  created_at: string;
  schema_migration: string | null;
  database_kind: 'pglite' | 'postgres';
  size_bytes: number;
  file_count: number;
  /** Taken by this process, or by the running service (which held the embedded database). */
  taken_by: 'cli' | 'service';
}

/** Asks the running service to take the backup with its live database (POST /api/backups). */
async function createThroughService(environment: BackupEnvironment): Promise<CreatedBackup> {
  const client = createApiClient({
    baseUrl: environment.serviceUrl,
    headers: (): Record<string, string> => (environment.token ? { Authorization: `Bearer ${environment.token}` } : {}),
  });
  try {
    const detail = await client.call(backupRoutes.postBackups);
    const { id, created_at, schema_migration, database_kind, size_bytes, file_count } = detail;
    return {
      id,
      created_at: created_at ?? '',
      schema_migration,
      database_kind: database_kind ?? 'pglite',
      size_bytes,
      file_count,
      taken_by: 'service',
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw new Error(`the service at ${environment.serviceUrl} refused the backup (${error.code}); set HUNTFORGE_TOKEN to an admin token`);
    }
    if (error instanceof ApiError)
      throw new Error(`the service at ${environment.serviceUrl} answered ${error.status} ${error.code}: ${error.message}`);
    throw new Error(
      `the embedded database is held by a running service, which did not answer at ${environment.serviceUrl} (${error instanceof Error ? error.message : String(error)}); set HUNTFORGE_URL`,
    );
  }
}

/**
 * `huntforge backup create`: opens the service's database itself (pg_dump for PostgreSQL, PGlite's dump
 * for the embedded one); when a running `huntforge start` holds the embedded database, asks it instead.
 */
export async function createBackupCommand(environment: BackupEnvironment): Promise<CreatedBackup> {
  const { config, folders } = environment;
  let db: Db;
  try {
    db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseInUseError) return createThroughService(environment);
    throw error;
  }
  try {
    const progress = startProgress({ label: 'backing up', noun: 'files' });
    const manifest = await createBackup({
      backupDir: folders.backupDir,
      database: databaseSourceOf(db, config.databaseUrl),
      stateFolders: folders.stateFolders,
      onProgress: (done, total) => {
        progress.setTotal(total);
        progress.update(done);
      },
    }).finally(() => progress.finish());
    return {
      id: manifest.id,
      created_at: manifest.created_at,
      schema_migration: manifest.schema_migration,
      database_kind: manifest.database.kind,
      size_bytes: manifest.files.reduce((sum, file) => sum + file.size, 0),
      file_count: manifest.files.length,
      taken_by: 'cli',
    };
  } finally {
    await db.close();
  }
}
