import { Router } from 'express';
import { backupScheduleRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute } from '@huntforge/platform';
import { getBackupCron } from './get-backup-cron';
import { listHostCron } from './list-host-cron';
import { updateBackupSchedule, type UpdateBackupScheduleDeps } from './update-backup-schedule';

export function backupScheduleRouter(deps: UpdateBackupScheduleDeps): Router {
  const router = Router();
  mountRoute(router, routes.getHostCron, async () => listHostCron(deps.crontab));
  mountRoute(router, routes.getBackupCron, async () => getBackupCron(deps));
  mountRoute(router, routes.putBackupSchedule, async ({ body, req }) => updateBackupSchedule(deps, body, actorOf(req)));
  return router;
}
