import { databaseSourceOf, installationFolders } from '@huntforge/backup';
import type { ModuleContext } from '@huntforge/platform';
import type { TakeBackupDeps } from './take-backup';

/** The folders and database of this service, as `huntforge backup` sees them from the same environment. */
export function backupsDepsOf(ctx: Pick<ModuleContext, 'db' | 'config'>, env: NodeJS.ProcessEnv = process.env): TakeBackupDeps {
  return {
    folders: installationFolders(ctx.config.dataDir, env),
    database: () => databaseSourceOf(ctx.db, ctx.config.databaseUrl, env),
  };
}
