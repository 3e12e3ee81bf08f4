import type { BackupCronResponse } from '@huntforge/contracts/http';
import { backupCronView } from './backup-cron-view';
import type { CliInstall } from './backup-entries';
import type { CrontabPort } from './crontab/crontab-port';
import { readCrontab } from './read-crontab';
import type { BackupScheduleRepository } from './repositories/backup-schedule-repository';

export interface GetBackupCronDeps {
  repo: Pick<BackupScheduleRepository, 'read'>;
  crontab: Pick<CrontabPort, 'read'>;
  install: CliInstall | null;
}

export async function getBackupCron(deps: GetBackupCronDeps): Promise<BackupCronResponse> {
  const [schedule, crontab] = await Promise.all([deps.repo.read(), readCrontab(deps.crontab)]);
  return backupCronView(schedule, deps.install, crontab);
}
