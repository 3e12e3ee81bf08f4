import { Router } from 'express';
import { BackupError, listBackups, verifyBackup, type BackupErrorCode } from '@huntforge/backup';
import { backupRoutes as routes } from '@huntforge/contracts';
import { HttpError, mountRoute, reply } from '@huntforge/platform';
import { toBackupDetail, toBackupSummary } from './backup-views';
import { backupTaker, type TakeBackupDeps } from './take-backup';

const STATUS_OF: Partial<Record<BackupErrorCode, number>> = {
  backup_not_found: 404,
  backup_manifest_invalid: 422,
  backup_format_unsupported: 422,
  backup_archive_invalid: 422,
  backup_restore_failed: 422,
  pg_client_missing: 503,
  pg_client_version_mismatch: 503,
  pg_dump_failed: 503,
};

/** A BackupError becomes its documented status with the same code; anything else stays a 500. */
function translated(error: unknown): unknown {
  if (error instanceof BackupError && STATUS_OF[error.code])
    return new HttpError(STATUS_OF[error.code] as number, error.code, error.message);
  return error;
}

/** Backups of the running service (admin only, by the /api/backups access rule); restore is offline, in the CLI. */
export function backupsRouter(deps: TakeBackupDeps): Router {
  const router = Router();
  const takeBackup = backupTaker(deps);
  const backupDir = deps.folders.backupDir;
  mountRoute(router, routes.getBackups, async () => ({
    backup_dir: backupDir,
    backups: (await listBackups(backupDir)).map(toBackupSummary),
  }));
  mountRoute(router, routes.postBackups, async () => {
    const manifest = await takeBackup().catch((error: unknown) => {
      throw translated(error);
    });
    return reply(201, toBackupDetail(manifest, []));
  });
  mountRoute(router, routes.getBackup, async ({ params: { backup_id } }) => {
    const { manifest, problems } = await verifyBackup(backupDir, backup_id).catch((error: unknown) => {
      throw translated(error);
    });
    return toBackupDetail(manifest, problems);
  });
  return router;
}
