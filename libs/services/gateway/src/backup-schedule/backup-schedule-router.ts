import { Router } from 'express';
import { backupScheduleRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute } from '@huntforge/platform';
import { getBackupCron, type GetBackupCronDeps } from './get-backup-cron';
import { listHostCron, type ListHostCronDeps } from './list-host-cron';
import { updateBackupSchedule, type UpdateBackupScheduleDeps } from './update-backup-schedule';

export type BackupScheduleRouterDeps = ListHostCronDeps & GetBackupCronDeps & UpdateBackupScheduleDeps;

/** The host crontab's jobs and the managed backup lines (admin only, by the access rule); the use cases decide. */
export function backupScheduleRouter(deps: BackupScheduleRouterDeps): Router {
  const router = Router();
  mountRoute(router, routes.getHostCron, async () => listHostCron(deps));
  mountRoute(router, routes.getBackupCron, async () => getBackupCron(deps));
  mountRoute(router, routes.putBackupSchedule, async ({ body, req }) => updateBackupSchedule(deps, { request: body, actor: actorOf(req) }));
  return router;
}
