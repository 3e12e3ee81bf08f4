import { BACKUP_CRON_JOBS, type BackupCronJob, type ExpectedBackupEntry } from '@huntforge/contracts/http';
import { timeToCron } from './schedule-times';

/** Where the installed CLI lives on this host: what a cron line needs to run `huntforge backup …`. */
export interface CliInstall {
  /** Absolute path of the node binary. */
  nodePath: string;
  /** Absolute path of apps/cli/bin/huntforge.js. */
  cliPath: string;
  /** The project directory: cron starts in $HOME, and the CLI reads .env and DATA_DIR relative to here. */
  projectDir: string;
  /** Absolute path of the log file the runs append to (under the data directory). */
  logFile: string;
}

export interface BackupTimes {
  backup_time: string;
  cleanup_time: string;
  cleanup_day: number;
  retention_count: number;
}

export const BACKUP_MARKERS: readonly BackupCronJob[] = BACKUP_CRON_JOBS;

/** Single-quotes for sh, then escapes what cron itself rewrites (`%` becomes a newline, `\` escapes it). */
export function cronShellQuote(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`a path in a cron line cannot contain a line break: ${JSON.stringify(value)}`);
  const quoted = `'${value.replace(/'/g, `'\\''`)}'`;
  return quoted.replace(/[\\%]/g, '\\$&');
}

function cliCommand(install: CliInstall, subcommand: string): string {
  const q = cronShellQuote;
  return `cd ${q(install.projectDir)} && ${q(install.nodePath)} ${q(install.cliPath)} backup ${subcommand} >> ${q(install.logFile)} 2>&1`;
}

/** The two lines the schedule calls for: daily `backup create` at backup_time, weekly `backup prune --keep <retention>`. */
export function backupEntries(times: BackupTimes, install: CliInstall): ExpectedBackupEntry[] {
  return [
    { marker: 'backup', schedule: timeToCron(times.backup_time, 'backup_time'), command: cliCommand(install, 'create') },
    {
      marker: 'prune',
      schedule: timeToCron(times.cleanup_time, 'cleanup_time', times.cleanup_day),
      command: cliCommand(install, `prune --keep ${times.retention_count}`),
    },
  ];
}
