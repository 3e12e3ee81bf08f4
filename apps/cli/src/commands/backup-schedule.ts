import { userInfo } from 'node:os';
import { type Command, InvalidArgumentError } from 'commander';
import { createApiClient } from '@huntforge/api-client';
import { backupScheduleRoutes } from '@huntforge/contracts/api';
import { type BackupCronResponse, type UpdateBackupScheduleRequest } from '@huntforge/contracts/http';
import { DatabaseInUseError } from '@huntforge/data';
import { loadConfig, loadDotEnv } from '@huntforge/platform';
import { backupScheduleDeps, getBackupCron, updateBackupSchedule } from '@huntforge/service-gateway';
import { withDatabase } from './database';

/**
 * `huntforge backup enable|disable|status`. Installing cron lines is a host operation, so by default the
 * command edits this user's crontab itself and stores the settings in the service's database (the same
 * rows and audit event as PUT /api/backup/schedule). An all-in-one that is running holds its embedded
 * database; then pass --url and --token (or HUNTFORGE_URL / HUNTFORGE_TOKEN) to ask the running service,
 * which edits the crontab of the user it runs as.
 */
interface RemoteOptions {
  url?: string;
  token?: string;
}

interface EnableOptions extends RemoteOptions {
  time?: string;
  cleanupTime?: string;
  cleanupDay?: number;
  retention?: number;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function parseWholeNumber(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError('expected a whole number');
  return Number(value);
}

function localActor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli:local';
  }
}

function remote(options: RemoteOptions): { url: string; token: string } | null {
  const url = options.url ?? process.env['HUNTFORGE_URL'];
  if (!url) return null;
  const token = options.token ?? process.env['HUNTFORGE_TOKEN'];
  if (!token) throw new Error('--url needs an admin API token: --token hf_… or HUNTFORGE_TOKEN');
  return { url, token };
}

async function locally<T>(work: (deps: ReturnType<typeof backupScheduleDeps>) => Promise<T>): Promise<T> {
  const { dataDir } = loadConfig(process.env, { shape: 'all-in-one', service: 'cli' });
  try {
    return await withDatabase((db) => work(backupScheduleDeps(db, dataDir, process.env)));
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      throw new Error(`${error.message}.\nAsk the running service instead: add --url http://127.0.0.1:8080 --token hf_… (an admin token).`);
    }
    throw error;
  }
}

async function changeSchedule(request: UpdateBackupScheduleRequest, options: RemoteOptions): Promise<BackupCronResponse> {
  loadDotEnv();
  const target = remote(options);
  if (target) {
    const client = createApiClient({ baseUrl: target.url, headers: () => ({ authorization: `Bearer ${target.token}` }) });
    return client.call(backupScheduleRoutes.putBackupSchedule, { body: request });
  }
  return locally((deps) => updateBackupSchedule(deps, { request, actor: localActor() }));
}

async function readSchedule(options: RemoteOptions): Promise<BackupCronResponse> {
  loadDotEnv();
  const target = remote(options);
  if (target) {
    const client = createApiClient({ baseUrl: target.url, headers: () => ({ authorization: `Bearer ${target.token}` }) });
    return client.call(backupScheduleRoutes.getBackupCron);
  }
  return locally((deps) => getBackupCron(deps));
}

export function describeSchedule(view: BackupCronResponse): string {
  const { settings } = view;
  const lines = [
    settings.enabled
      ? `backups enabled: daily at ${settings.backup_time} UTC, prune ${DAY_NAMES[settings.cleanup_day] ?? settings.cleanup_day}s at ${settings.cleanup_time} UTC, keeping ${settings.retention_count}`
      : 'backups disabled',
  ];
  if (!view.available) lines.push(`host crontab unavailable: ${view.reason ?? 'unknown reason'}`);
  for (const entry of view.entries) lines.push(`  ${entry.raw}`);
  if (view.available && view.entries.length === 0) lines.push('  (no managed cron lines installed)');
  if (view.available && !view.in_sync)
    lines.push('the installed lines differ from the settings: run `huntforge backup enable` (or disable) to rewrite them');
  return `${lines.join('\n')}\n`;
}

const remoteOptions = (command: Command) =>
  command
    .option('--url <url>', "ask a running gateway instead (HUNTFORGE_URL); it edits its own user's crontab")
    .option('--token <token>', 'admin API token for --url (HUNTFORGE_TOKEN)');

/** Adds `enable`, `disable` and `status` to the `backup` command group; `output` is where they report (stdout). */
export function addBackupScheduleCommands(backup: Command, output: Pick<NodeJS.WritableStream, 'write'> = process.stdout): void {
  remoteOptions(
    backup
      .command('enable')
      .description('install (or update) the daily backup and weekly prune lines in the host crontab; other crontab lines are left alone')
      .option('--time <HH:MM>', 'daily backup time, UTC (default: the stored value, first 02:00)')
      .option('--cleanup-time <HH:MM>', 'weekly prune time, UTC (default: the stored value, first 03:00)')
      .option('--cleanup-day <0-6>', 'weekly prune day, 0 = Sunday (default: the stored value, first 0)', parseWholeNumber)
      .option('--retention <count>', 'backups a prune keeps (default: the stored value, first 14)', parseWholeNumber),
  ).action(async (options: EnableOptions) => {
    const view = await changeSchedule(
      {
        enabled: true,
        backup_time: options.time,
        cleanup_time: options.cleanupTime,
        cleanup_day: options.cleanupDay,
        retention_count: options.retention,
      },
      options,
    );
    output.write(describeSchedule(view));
  });

  remoteOptions(
    backup.command('disable').description('remove the managed backup and prune lines from the host crontab (times are kept)'),
  ).action(async (options: RemoteOptions) => {
    output.write(describeSchedule(await changeSchedule({ enabled: false }, options)));
  });

  remoteOptions(
    backup
      .command('status')
      .description('show the backup schedule and the managed lines installed in the host crontab')
      .option('--json', 'print JSON'),
  ).action(async (options: RemoteOptions & { json?: boolean }) => {
    const view = await readSchedule(options);
    output.write(options.json ? `${JSON.stringify(view, null, 2)}\n` : describeSchedule(view));
  });
}
