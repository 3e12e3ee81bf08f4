import { BACKUP_SCHEDULE_DEFAULTS } from '@huntforge/contracts/http';
import type { CliInstall } from './backup-entries';
import type { CrontabPort } from './crontab/crontab-port';
import type { BackupScheduleRepository, StoredBackupSchedule } from './repositories/backup-schedule-repository';
import { updateBackupSchedule, type UpdateBackupScheduleDeps } from './update-backup-schedule';

const install: CliInstall = {
  nodePath: '/usr/bin/node',
  cliPath: '/opt/hf/apps/cli/bin/huntforge.js',
  projectDir: '/opt/hf',
  logFile: '/opt/hf/.data/logs/backup-cron.log',
};
const FOREIGN = '# theirs\n0 * * * * hourly\n';

function memoryCrontab(text: string): CrontabPort & { text: string; writes: number } {
  return {
    text,
    writes: 0,
    async read() {
      return this.text;
    },
    async write(next) {
      this.writes += 1;
      this.text = next;
    },
  };
}

function memoryRepo(failSave = false): BackupScheduleRepository & { stored: StoredBackupSchedule } {
  return {
    stored: { ...BACKUP_SCHEDULE_DEFAULTS, updatedAt: null },
    async read() {
      return this.stored;
    },
    async saveWithAudit(schedule) {
      if (failSave) throw new Error('database went away');
      this.stored = { ...schedule, updatedAt: new Date() };
      return this.stored;
    },
  };
}

describe('updateBackupSchedule', () => {
  const deps = (overrides: Partial<UpdateBackupScheduleDeps> = {}): UpdateBackupScheduleDeps => ({
    repo: memoryRepo(),
    crontab: memoryCrontab(FOREIGN),
    install,
    prepareLog: async () => undefined,
    ...overrides,
  });

  it('puts the previous crontab back when the settings cannot be stored, so the two never disagree', async () => {
    const crontab = memoryCrontab(FOREIGN);
    await expect(
      updateBackupSchedule(deps({ crontab, repo: memoryRepo(true) }), { request: { enabled: true }, actor: 'admin' }),
    ).rejects.toThrow('database went away');
    expect(crontab.writes).toBe(2);
    expect(crontab.text).toBe(FOREIGN);
  });

  it('refuses to enable with 503 cron_unavailable when the CLI cannot be found, touching nothing', async () => {
    const crontab = memoryCrontab(FOREIGN);
    const repo = memoryRepo();
    await expect(
      updateBackupSchedule(deps({ crontab, repo, install: null }), { request: { enabled: true }, actor: 'admin' }),
    ).rejects.toMatchObject({
      status: 503,
      code: 'cron_unavailable',
    });
    expect(crontab.writes).toBe(0);
    expect(repo.stored.enabled).toBe(false);
  });

  it('disables without a CLI, and writes nothing when there was nothing of ours to remove', async () => {
    const crontab = memoryCrontab(FOREIGN);
    const result = await updateBackupSchedule(deps({ crontab, install: null }), {
      request: { enabled: false, backup_time: '01:00' },
      actor: 'admin',
    });
    expect(result).toMatchObject({ entries: [], in_sync: true, settings: { enabled: false, backup_time: '01:00' } });
    expect(crontab.writes).toBe(0);
  });

  it('does not write the log folder or crontab when validation fails', async () => {
    const crontab = memoryCrontab(FOREIGN);
    const prepared: string[] = [];
    const run = updateBackupSchedule(deps({ crontab, prepareLog: async (at) => void prepared.push(at.logFile) }), {
      request: { enabled: true, cleanup_day: -1 },
      actor: 'admin',
    });
    await expect(run).rejects.toMatchObject({ status: 400, code: 'invalid_day' });
    expect(prepared).toEqual([]);
    expect(crontab.writes).toBe(0);
  });
});
