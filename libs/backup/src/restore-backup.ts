import { join } from 'node:path';
import type { RestoreTarget } from './database/restore-target';
import { BackupError } from './errors';
import { copyFileAtomically, type StateFolder } from './files/state-files';
import type { Manifest } from './manifest/manifest';
import { verifyBackup } from './list-backups';
import { assertSchemaRestorable } from './schema/schema-migration';
import { backupPath } from './store/backup-store';

export interface RestoreBackupOptions {
  backupDir: string;
  id: string;
  target: RestoreTarget;
  /** Where each role's files go back to (data → DATA_DIR, artifacts → the model folder). */
  stateFolders: readonly StateFolder[];
  /** The newest migration this build ships. */
  newestKnownMigration: string | null;
  /** Called after the database and after each state file is back: how many of the backup's files are restored. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Everything that can refuse is checked before anything changes: the manifest, the schema (a backup
 * newer than this code is refused), every checksum, the database kind, and the target (the embedded
 * database must not be held). Then the database is restored, then the state files.
 */
export async function restoreBackup(options: RestoreBackupOptions): Promise<Manifest> {
  const { manifest, problems } = await verifyBackup(options.backupDir, options.id);
  assertSchemaRestorable(manifest.schema_migration, options.newestKnownMigration);
  if (problems.length > 0) {
    throw new BackupError(
      'backup_checksum_mismatch',
      `backup ${options.id} is damaged (${problems.map((problem) => `${problem.path}: ${problem.problem}`).join(', ')}); nothing was restored`,
      problems,
    );
  }
  if (manifest.database.kind !== options.target.kind) {
    throw new BackupError(
      'backup_database_mismatch',
      `backup ${options.id} holds a ${manifest.database.kind} database but this service uses ${options.target.kind}; nothing was restored`,
    );
  }
  const dump = manifest.files.find((file) => file.role === 'database');
  if (!dump) throw new BackupError('backup_manifest_invalid', `backup ${options.id} has no database file`);
  const folders = new Map(options.stateFolders.map((folder) => [folder.role, folder.dir]));
  const missingFolder = manifest.files.find((file) => file.role !== 'database' && !folders.has(file.role));
  if (missingFolder)
    throw new BackupError('backup_manifest_invalid', `no folder to restore ${missingFolder.role} files to (${missingFolder.path})`);

  const source = backupPath(options.backupDir, options.id);
  await options.target.acquire();
  try {
    const total = manifest.files.length;
    let done = 0;
    await options.target.restore(join(source, dump.path));
    options.onProgress?.((done += 1), total);
    for (const file of manifest.files) {
      if (file.role === 'database') continue;
      const root = folders.get(file.role) as string;
      await copyFileAtomically(join(source, file.path), join(root, file.path.slice(file.role.length + 1)), file.mode);
      options.onProgress?.((done += 1), total);
    }
  } finally {
    await options.target.release();
  }
  return manifest;
}
