import type { Db } from '@huntforge/data';
import { locateCliInstall, prepareLogFolder } from './cli-install';
import { createCrontabCommand } from './crontab/crontab-port';
import { PrismaBackupScheduleRepository } from './repositories/backup-schedule-repository';
import type { UpdateBackupScheduleDeps } from './update-backup-schedule';

/**
 * One composition for the gateway and the CLI, so both edit the same crontab the same way.
 * CRONTAB_COMMAND replaces the `crontab` program and CRONTAB_USER edits another user's crontab (root
 * only); HUNTFORGE_PROJECT_DIR names the install when the process does not run from inside it. It takes the
 * database handle, not Prisma's client: only the repository it builds talks to Prisma.
 */
export function backupScheduleDeps(db: Db, dataDir: string, env: Record<string, string | undefined>): UpdateBackupScheduleDeps {
  return {
    repo: new PrismaBackupScheduleRepository(db.prisma),
    crontab: createCrontabCommand({ command: env['CRONTAB_COMMAND'], user: env['CRONTAB_USER'] || undefined }),
    install: locateCliInstall({ dataDir, projectDir: env['HUNTFORGE_PROJECT_DIR'] || undefined }),
    prepareLog: prepareLogFolder,
  };
}
