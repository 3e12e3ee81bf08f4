import { join, relative, resolve } from 'node:path';
import type { Db } from '@huntforge/data';
import { embeddedDatabaseSource, postgresDatabaseSource, type DatabaseSource } from './database/database-source';
import { postgresTools } from './database/postgres-tools';
import { embeddedRestoreTarget, postgresRestoreTarget, type RestoreTarget } from './database/restore-target';
import type { StateFolder } from './files/state-files';
import { resolveBackupDir } from './store/backup-store';

export interface InstallationFolders {
  backupDir: string;
  /** The embedded database's folder (DATA_DIR/pglite, as libs/data opens it). */
  pgliteDir: string;
  stateFolders: StateFolder[];
}

/**
 * What a backup covers on this host: DATA_DIR (its encryption key, model artifacts, synced corpora)
 * plus CONTENT_FILTER_ARTIFACTS_DIR when the models live outside it; backups go to BACKUP_DIR.
 */
export function installationFolders(dataDir: string, env: NodeJS.ProcessEnv = process.env): InstallationFolders {
  const stateFolders: StateFolder[] = [{ role: 'data', dir: dataDir }];
  const artifacts = env['CONTENT_FILTER_ARTIFACTS_DIR']?.trim();
  if (artifacts && relative(resolve(dataDir), resolve(artifacts)).startsWith('..'))
    stateFolders.push({ role: 'artifacts', dir: artifacts });
  return { backupDir: resolveBackupDir(dataDir, env), pgliteDir: join(dataDir, 'pglite'), stateFolders };
}

/** The dump source for an open Db: PGlite's live data-directory dump, or pg_dump on `databaseUrl`. */
export function databaseSourceOf(db: Db, databaseUrl: string | undefined, env: NodeJS.ProcessEnv = process.env): DatabaseSource {
  if (db.kind === 'pglite') return embeddedDatabaseSource(db);
  if (!databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
  return postgresDatabaseSource(db, postgresTools(databaseUrl, { binDir: env['PG_BIN_DIR'] }));
}

/** Where a restore writes: pg_restore into DATABASE_URL when set, else the embedded database's folder. */
export function restoreTargetOf(databaseUrl: string | undefined, pgliteDir: string, env: NodeJS.ProcessEnv = process.env): RestoreTarget {
  return databaseUrl ? postgresRestoreTarget(postgresTools(databaseUrl, { binDir: env['PG_BIN_DIR'] })) : embeddedRestoreTarget(pgliteDir);
}
