import { BACKUP_SCHEDULE_ERROR_CODES, type BackupCronResponse, type UpdateBackupScheduleRequest } from '@huntforge/contracts/http';
import { HttpError } from '@huntforge/platform';
import { backupCronView, expectedEntries } from './backup-cron-view';
import { BACKUP_MARKERS, type CliInstall } from './backup-entries';
import { replaceManagedEntries } from './crontab/managed-entries';
import { CrontabUnavailableError, type CrontabPort } from './crontab/crontab-port';
import type { BackupScheduleRepository, StoredBackupSchedule } from './repositories/backup-schedule-repository';
import { checkDayOfWeek, checkRetention, parseTimeOfDay } from './schedule-times';

export const BACKUP_SCHEDULE_UPDATED = 'backup_schedule.updated';

export interface UpdateBackupScheduleDeps {
  repo: BackupScheduleRepository;
  crontab: CrontabPort;
  install: CliInstall | null;
  /** Makes sure the log file's folder exists before cron appends to it. */
  prepareLog: (install: CliInstall) => Promise<void>;
}

type Schedule = Omit<StoredBackupSchedule, 'updatedAt'>;

/** The request over the stored values; every field checked before anything on the host changes. */
function nextSchedule(current: StoredBackupSchedule, request: UpdateBackupScheduleRequest): Schedule {
  const next: Schedule = {
    enabled: request.enabled,
    backup_time: (request.backup_time ?? current.backup_time).trim(),
    cleanup_time: (request.cleanup_time ?? current.cleanup_time).trim(),
    cleanup_day: request.cleanup_day ?? current.cleanup_day,
    retention_count: request.retention_count ?? current.retention_count,
  };
  parseTimeOfDay(next.backup_time, 'backup_time');
  parseTimeOfDay(next.cleanup_time, 'cleanup_time');
  checkDayOfWeek(next.cleanup_day, 'cleanup_day');
  checkRetention(next.retention_count, 'retention_count');
  return next;
}

const unavailable = (reason: string) =>
  new HttpError(503, BACKUP_SCHEDULE_ERROR_CODES.cronUnavailable, `The host crontab cannot be changed: ${reason}. Nothing was changed.`, {
    reason,
  });

async function onHost<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CrontabUnavailableError) throw unavailable(error.reason);
    throw error;
  }
}

/**
 * PUT /api/backup/schedule (and `huntforge backup enable|disable`): rewrites only the managed backup
 * and prune lines of the host crontab, then stores the settings with the audit event. The crontab is
 * changed first because it is the part that can fail for host reasons; if storing fails afterwards,
 * the previous crontab is put back so the two never disagree.
 */
export interface UpdateBackupScheduleCommand {
  request: UpdateBackupScheduleRequest;
  /** Who changes the schedule, for the audit record; null when no one signed in (auth off). */
  actor: string | null;
}

export async function updateBackupSchedule(
  deps: UpdateBackupScheduleDeps,
  { request, actor }: UpdateBackupScheduleCommand,
): Promise<BackupCronResponse> {
  const current = await deps.repo.read();
  const next = nextSchedule(current, request);
  if (next.enabled && !deps.install) {
    throw unavailable('the huntforge CLI (apps/cli/bin/huntforge.js) was not found from this process, so a cron line could not run it');
  }
  const entries = expectedEntries(next, deps.install);

  const before = await onHost(() => deps.crontab.read());
  const after = replaceManagedEntries(before, BACKUP_MARKERS, entries);
  if (next.enabled && deps.install) await deps.prepareLog(deps.install);
  if (after !== before) await onHost(() => deps.crontab.write(after));

  const { updatedAt: _updatedAt, ...previous } = current;
  let saved: StoredBackupSchedule;
  try {
    saved = await deps.repo.saveWithAudit(next, actor, {
      type: BACKUP_SCHEDULE_UPDATED,
      actor,
      payload: { settings: next, previous, entries: entries.map(({ marker, schedule }) => ({ marker, schedule })) },
    });
  } catch (error) {
    if (after !== before) await deps.crontab.write(before);
    throw error;
  }
  return backupCronView(saved, deps.install, { text: after });
}
