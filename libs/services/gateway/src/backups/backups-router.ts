import { Router } from 'express';
import { backupRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute, reply } from '@huntforge/platform';
import { getBackup } from './get-backup';
import { listBackups } from './list-backups';
import { backupTaker, type TakeBackupDeps } from './take-backup';

/** Backups of the running service (admin only, by the /api/backups access rule); restore is offline, in the CLI. */
export function backupsRouter(deps: TakeBackupDeps): Router {
  const router = Router();
  const takeBackup = backupTaker(deps);
  mountRoute(router, routes.getBackups, () => listBackups(deps));
  mountRoute(router, routes.postBackups, async () => reply(201, await takeBackup()));
  mountRoute(router, routes.getBackup, ({ params }) => getBackup(deps, { backupId: params.backup_id }));
  return router;
}
