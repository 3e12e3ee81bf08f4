import type { Router } from 'express';
import type { ModuleContext } from '@huntforge/platform';
import { backupScheduleRouter } from './backup-schedule-router';
import { backupScheduleDeps } from './backup-schedule-deps';

/** The gateway's backup-scheduling routes, on the host crontab of the user the gateway runs as. */
export function backupScheduleRoutes(
  ctx: Pick<ModuleContext, 'db' | 'config'>,
  env: Record<string, string | undefined> = process.env,
): Router {
  return backupScheduleRouter(backupScheduleDeps(ctx.db, ctx.config.dataDir, env));
}
