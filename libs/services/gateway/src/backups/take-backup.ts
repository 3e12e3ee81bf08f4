import { createBackup, type DatabaseSource, type InstallationFolders } from '@huntforge/backup';
import type { BackupDetailView } from '@huntforge/contracts/api';
import { asHttpError } from './backup-errors';
import { toBackupDetail } from './backup-views';

export interface TakeBackupDeps {
  folders: InstallationFolders;
  /** The running service's own database: the live PGlite instance's dump, or pg_dump. */
  database(): DatabaseSource;
}

/**
 * POST /api/backups: backups from the running service, one at a time (a second request waits for the first instead
 * of dumping the same database twice at once); a missing or failing pg_dump is 503 with its code.
 */
export function backupTaker(deps: TakeBackupDeps): () => Promise<BackupDetailView> {
  let queue: Promise<unknown> = Promise.resolve();
  return async () => {
    const next = queue
      .catch(() => undefined)
      .then(() => createBackup({ backupDir: deps.folders.backupDir, database: deps.database(), stateFolders: deps.folders.stateFolders }));
    queue = next;
    const manifest = await next.catch((error: unknown) => {
      throw asHttpError(error);
    });
    return toBackupDetail(manifest, []);
  };
}
