import type { BackupCronResponse, ExpectedBackupEntry, HostCronEntry } from '@huntforge/contracts/http';
import { BACKUP_MARKERS, backupEntries, type CliInstall } from './backup-entries';
import { parseCrontab } from './crontab/crontab-lines';
import type { StoredBackupSchedule } from './repositories/backup-schedule-repository';

export function expectedEntries(schedule: Omit<StoredBackupSchedule, 'updatedAt'>, install: CliInstall | null): ExpectedBackupEntry[] {
  return schedule.enabled && install ? backupEntries(schedule, install) : [];
}

export function managedBackupEntries(crontab: string): HostCronEntry[] {
  return parseCrontab(crontab).filter((entry) => entry.marker !== null && (BACKUP_MARKERS as readonly string[]).includes(entry.marker));
}

function inSync(installed: readonly HostCronEntry[], expected: readonly ExpectedBackupEntry[]): boolean {
  return (
    installed.length === expected.length &&
    expected.every((want) =>
      installed.some((have) => have.marker === want.marker && have.schedule === want.schedule && have.command === want.command),
    )
  );
}

/** What GET /api/backup/cron shows: the settings, the managed lines really installed, and whether they match. */
export function backupCronView(
  schedule: StoredBackupSchedule,
  install: CliInstall | null,
  crontab: { text: string } | { unavailable: string },
): BackupCronResponse {
  const expected = expectedEntries(schedule, install);
  const entries = 'text' in crontab ? managedBackupEntries(crontab.text) : [];
  return {
    settings: {
      enabled: schedule.enabled,
      backup_time: schedule.backup_time,
      cleanup_time: schedule.cleanup_time,
      cleanup_day: schedule.cleanup_day,
      retention_count: schedule.retention_count,
      updated_at: schedule.updatedAt?.toISOString() ?? null,
    },
    available: 'text' in crontab,
    reason: 'unavailable' in crontab ? crontab.unavailable : null,
    entries,
    expected,
    in_sync: 'text' in crontab && inSync(entries, expected) && (!schedule.enabled || install !== null),
  };
}
