import { listBackups as listBackupFolders, type InstallationFolders } from '@huntforge/backup';
import type { BackupSummaryView } from '@huntforge/contracts/api';
import { toBackupSummary } from './backup-views';

export interface ListBackupsDeps {
  folders: Pick<InstallationFolders, 'backupDir'>;
}

/** GET /api/backups: the backup folder and every backup in it, newest first, each checked against its manifest. */
export async function listBackups(deps: ListBackupsDeps): Promise<{ backup_dir: string; backups: BackupSummaryView[] }> {
  const backupDir = deps.folders.backupDir;
  return { backup_dir: backupDir, backups: (await listBackupFolders(backupDir)).map(toBackupSummary) };
}
