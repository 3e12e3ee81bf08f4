import { HttpError } from '@huntforge/platform';
import { backupEntries, cronShellQuote, type CliInstall } from './backup-entries';
import { checkDayOfWeek, checkRetention, timeToCron } from './schedule-times';

const install: CliInstall = {
  nodePath: '/usr/bin/node',
  cliPath: '/opt/huntforge/apps/cli/bin/huntforge.js',
  projectDir: '/opt/huntforge',
  logFile: '/opt/huntforge/.data/logs/backup-cron.log',
};

describe('backup times to cron', () => {
  it('turns the defaults into the spec’s lines: daily 02:00 and Sunday 03:00', () => {
    expect(timeToCron('02:00', 'backup_time')).toBe('0 2 * * *');
    expect(timeToCron('03:00', 'cleanup_time', 0)).toBe('0 3 * * 0');
    expect(timeToCron('23:59', 'backup_time')).toBe('59 23 * * *');
    expect(timeToCron(' 07:05 ', 'backup_time', 6)).toBe('5 7 * * 6');
  });

  it.each(['2:00', '24:00', '12:60', '0200', 'noon', '', '12:00:00'])(
    'refuses the time %j with 400 invalid_time naming the field',
    (value) => {
      expect(() => timeToCron(value, 'cleanup_time')).toThrow(HttpError);
      expect(() => timeToCron(value, 'cleanup_time')).toThrow(
        expect.objectContaining({ status: 400, code: 'invalid_time', details: { field: 'cleanup_time', value } }),
      );
    },
  );

  it('accepts days 0–6 and retention 1–365 only', () => {
    expect(checkDayOfWeek(6, 'cleanup_day')).toBe(6);
    for (const day of [-1, 7, 1.5])
      expect(() => checkDayOfWeek(day, 'cleanup_day')).toThrow(expect.objectContaining({ code: 'invalid_day' }));
    expect(checkRetention(1, 'retention_count')).toBe(1);
    for (const count of [0, 366, 2.5])
      expect(() => checkRetention(count, 'retention_count')).toThrow(expect.objectContaining({ code: 'invalid_retention' }));
  });
});

describe('backup cron entries', () => {
  it('run the installed CLI from the project directory, prune with the retention, and append to the log under the data dir', () => {
    expect(backupEntries({ backup_time: '02:00', cleanup_time: '03:00', cleanup_day: 0, retention_count: 14 }, install)).toEqual([
      {
        marker: 'backup',
        schedule: '0 2 * * *',
        command:
          "cd '/opt/huntforge' && '/usr/bin/node' '/opt/huntforge/apps/cli/bin/huntforge.js' backup create >> '/opt/huntforge/.data/logs/backup-cron.log' 2>&1",
      },
      {
        marker: 'prune',
        schedule: '0 3 * * 0',
        command:
          "cd '/opt/huntforge' && '/usr/bin/node' '/opt/huntforge/apps/cli/bin/huntforge.js' backup prune --keep 14 >> '/opt/huntforge/.data/logs/backup-cron.log' 2>&1",
      },
    ]);
  });

  it('quotes paths for sh and escapes what cron rewrites (% and \\)', () => {
    expect(cronShellQuote("/srv/it's here")).toBe(`'/srv/it'\\''s here'`.replace(/\\/g, '\\\\'));
    expect(cronShellQuote('/srv/100%')).toBe("'/srv/100\\%'");
    expect(() => cronShellQuote('/srv/a\nb')).toThrow(/line break/);
  });
});
