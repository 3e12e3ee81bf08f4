import { verifyBackup, type InstallationFolders } from '@huntforge/backup';
import type { BackupDetailView } from '@huntforge/contracts/api';
import { asHttpError } from './backup-errors';
import { toBackupDetail } from './backup-views';

export interface GetBackupDeps {
  folders: Pick<InstallationFolders, 'backupDir'>;
}

export interface GetBackupCommand {
  backupId: string;
}

/** GET /api/backups/{id}: the backup's files, verified against their checksums (404 unknown, 422 unreadable). */
export async function getBackup(deps: GetBackupDeps, command: GetBackupCommand): Promise<BackupDetailView> {
  const { manifest, problems } = await verifyBackup(deps.folders.backupDir, command.backupId).catch((error: unknown) => {
    throw asHttpError(error);
  });
  return toBackupDetail(manifest, problems);
}
