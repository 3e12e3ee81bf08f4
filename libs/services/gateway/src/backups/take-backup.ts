import { createBackup, type DatabaseSource, type InstallationFolders, type Manifest } from '@huntforge/backup';

export interface TakeBackupDeps {
  folders: InstallationFolders;
  /** The running service's own database: the live PGlite instance's dump, or pg_dump. */
  database(): DatabaseSource;
}

/**
 * Backups from the running service, one at a time: a second request waits for the first instead of
 * dumping the same database twice at once.
 */
export function backupTaker(deps: TakeBackupDeps): () => Promise<Manifest> {
  let queue: Promise<unknown> = Promise.resolve();
  return () => {
    const next = queue
      .catch(() => undefined)
      .then(() => createBackup({ backupDir: deps.folders.backupDir, database: deps.database(), stateFolders: deps.folders.stateFolders }));
    queue = next;
    return next;
  };
}
