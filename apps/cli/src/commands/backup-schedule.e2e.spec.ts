import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Command } from 'commander';
import { backupCronResponseSchema } from '@huntforge/contracts/http';
import { createApiToken } from '@huntforge/service-gateway';
import { describeWhen } from '@huntforge/test-kit';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';
import { addBackupScheduleCommands } from './backup-schedule';

/**
 * A scratch user of this file's own (tools/ci/install-cron.sh creates it; created here too when root), so
 * the test never edits a real crontab nor races the other crontab tests running in parallel.
 */
const USER = 'huntforge-crontest-cli';
function ensureScratchUser(user: string): boolean {
  if (spawnSync('id', [user]).status === 0) return true;
  return (
    process.getuid?.() === 0 && spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user]).status === 0
  );
}
const available = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v crontab']).status === 0 && ensureScratchUser(USER);

const FOREIGN = 'MAILTO=""\n# not ours\n*/20 * * * * /usr/local/bin/other-job\n';
const crontabOf = () => spawnSync('crontab', ['-u', USER, '-l'], { encoding: 'utf8' }).stdout;

describeWhen(available, `needs Debian's cron and root to edit the scratch user ${USER}'s crontab (bash tools/ci/install-cron.sh)`)(
  'huntforge backup enable|disable|status',
  () => {
    let service: TestAllInOne;
    let admin: string;
    let viewer: string;
    const saved = { DATA_DIR: process.env['DATA_DIR'], CRONTAB_USER: process.env['CRONTAB_USER'] };

    const run = async (...args: string[]): Promise<string> => {
      const out: string[] = [];
      // Subcommands inherit both: a usage error throws instead of exiting, and its message stays off the test's stderr.
      const program = new Command().exitOverride().configureOutput({ writeErr: () => undefined });
      addBackupScheduleCommands(program.command('backup'), { write: (chunk: string | Uint8Array) => out.push(String(chunk)) > 0 });
      await program.parseAsync(['backup', ...args], { from: 'user' });
      return out.join('');
    };

    beforeAll(async () => {
      execFileSync('crontab', ['-u', USER, '-'], { input: FOREIGN });
      // Both the running gateway and the CLI read these: the scratch user's crontab, the service's data.
      process.env['CRONTAB_USER'] = USER;
      service = await startTestAllInOne({ AUTH_MODE: 'required' });
      process.env['DATA_DIR'] = service.dataDir;
      admin = (await createApiToken(service.handle.ctx.db.repos.apiTokens, { name: 'cron-admin', role: 'admin' })).token;
      viewer = (await createApiToken(service.handle.ctx.db.repos.apiTokens, { name: 'cron-viewer', role: 'viewer' })).token;
    }, 120_000);

    afterAll(async () => {
      await service?.handle.stop();
      if (service) rmSync(service.dataDir, { recursive: true, force: true });
      spawnSync('crontab', ['-u', USER, '-r']);
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('while the all-in-one holds its database the local command says to use --url; through --url an admin installs the lines', async () => {
      await expect(run('status')).rejects.toThrow(/in use by process[\s\S]*--url/);
      await expect(run('enable', '--url', service.handle.url)).rejects.toThrow(/needs an admin API token/);
      await expect(run('enable', '--url', service.handle.url, '--token', viewer)).rejects.toMatchObject({ status: 403, code: 'forbidden' });
      expect(crontabOf()).toBe(FOREIGN);

      const out = await run('enable', '--time', '04:15', '--url', service.handle.url, '--token', admin);
      expect(out).toMatch(/^backups enabled: daily at 04:15 UTC, prune Sundays at 03:00 UTC, keeping 14$/m);
      const text = crontabOf();
      expect(text.startsWith(FOREIGN)).toBe(true);
      expect(text.slice(FOREIGN.length)).toMatch(
        /^15 4 \* \* \* cd '.+' && .+ backup create >> .+ # huntforge-managed:backup\n0 3 \* \* 0 .+ backup prune --keep 14 .+ # huntforge-managed:prune\n$/,
      );
    });

    // Each local command opens the embedded database itself (~2 s an open when quiet, 11 s in all): 30 s was short on a loaded CI machine.
    it('with the service stopped the CLI edits the crontab itself, over the settings the service stored', async () => {
      await service.handle.stop();

      const out = await run('enable', '--cleanup-time', '05:30', '--cleanup-day', '6', '--retention', '10');
      // 04:15 came from the service's PUT: the CLI and the API keep the schedule in the same rows.
      expect(out).toMatch(/^backups enabled: daily at 04:15 UTC, prune Saturdays at 05:30 UTC, keeping 10$/m);
      expect(crontabOf().startsWith(FOREIGN)).toBe(true);
      expect(crontabOf()).toMatch(/^30 5 \* \* 6 .+ backup prune --keep 10 >> .+$/m);

      const status = backupCronResponseSchema.parse(JSON.parse(await run('status', '--json')));
      expect(status).toMatchObject({ available: true, in_sync: true, settings: { enabled: true, cleanup_day: 6, retention_count: 10 } });
      expect(status.entries.map((entry) => entry.schedule)).toEqual(['15 4 * * *', '30 5 * * 6']);

      const before = crontabOf();
      await expect(run('enable', '--time', '7am')).rejects.toThrow(/backup_time must be HH:MM/);
      await expect(run('enable', '--cleanup-day', 'sunday')).rejects.toThrow(/expected a whole number/);
      expect(crontabOf()).toBe(before);

      expect(await run('disable')).toBe('backups disabled\n  (no managed cron lines installed)\n');
      expect(crontabOf()).toBe(FOREIGN);
    }, 120_000);
  },
);
