import { execFileSync, spawnSync } from 'node:child_process';
import { describeWhen } from '@huntforge/test-kit';
import { createCrontabCommand, CrontabUnavailableError } from './crontab-port';
import { parseCrontab } from './crontab-lines';
import { removeManagedEntries, replaceManagedEntries } from './managed-entries';

/**
 * A scratch user of this file's own (tools/ci/install-cron.sh creates it; created here too when root), so
 * the test never edits a real crontab nor races the other crontab tests running in parallel.
 */
const USER = 'huntforge-crontest';
function ensureScratchUser(user: string): boolean {
  if (spawnSync('id', [user]).status === 0) return true;
  return (
    process.getuid?.() === 0 && spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user]).status === 0
  );
}
const available = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v crontab']).status === 0 && ensureScratchUser(USER);

const FOREIGN =
  [
    'MAILTO=""',
    'PATH=/usr/local/bin:/usr/bin:/bin',
    "# a colleague's jobs: never touched",
    '*/10 * * * * /usr/local/bin/sync-feeds   --quiet',
    '@reboot /usr/bin/true',
    '45 23 * * 1-5 echo "100\\% done" >> /tmp/foreign.log 2>&1',
  ].join('\n') + '\n';

const [backupEntry, pruneEntry] = [
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
      "cd '/opt/huntforge' && '/usr/bin/node' '/opt/huntforge/apps/cli/bin/huntforge.js' backup prune >> '/opt/huntforge/.data/logs/backup-cron.log' 2>&1",
  },
];
const entries = [backupEntry, pruneEntry];
const MARKERS = ['backup', 'prune'];

describeWhen(available, `the crontab tests need Debian's cron and root to edit ${USER}'s crontab (bash tools/ci/install-cron.sh)`)(
  "Debian's crontab program on a scratch user",
  () => {
    const crontab = createCrontabCommand({ user: USER });
    const removeCrontab = () => spawnSync('crontab', ['-u', USER, '-r']);

    beforeEach(removeCrontab);
    afterAll(removeCrontab);

    it('reads a user without a crontab as an empty crontab', async () => {
      await expect(crontab.read()).resolves.toBe('');
    });

    it('installs our two lines, keeps foreign lines byte-identical, is idempotent, and disabling restores the original', async () => {
      await crontab.write(FOREIGN);
      expect(await crontab.read()).toBe(FOREIGN);

      const enabled = replaceManagedEntries(await crontab.read(), MARKERS, entries);
      await crontab.write(enabled);
      const installed = await crontab.read();
      expect(installed).toBe(enabled);
      expect(installed.startsWith(FOREIGN)).toBe(true);
      // What `crontab -l` itself prints, not only what the port returns.
      expect(execFileSync('crontab', ['-u', USER, '-l'], { encoding: 'utf8' })).toBe(installed);
      expect(
        parseCrontab(installed)
          .filter((entry) => entry.managed)
          .map((entry) => [entry.marker, entry.schedule]),
      ).toEqual([
        ['backup', '0 2 * * *'],
        ['prune', '0 3 * * 0'],
      ]);

      expect(replaceManagedEntries(installed, MARKERS, entries)).toBe(installed);

      const moved = replaceManagedEntries(installed, MARKERS, [{ ...backupEntry, schedule: '30 4 * * *' }, pruneEntry]);
      await crontab.write(moved);
      expect(parseCrontab(await crontab.read()).find((entry) => entry.marker === 'backup')?.schedule).toBe('30 4 * * *');
      expect((await crontab.read()).startsWith(FOREIGN)).toBe(true);

      await crontab.write(removeManagedEntries(await crontab.read(), MARKERS));
      expect(await crontab.read()).toBe(FOREIGN);
    });

    it('reports a line crontab refuses as a failed install, leaving the crontab as it was', async () => {
      await crontab.write(FOREIGN);
      const failed = crontab.write(FOREIGN + '61 * * * * nonsense\n');
      await expect(failed).rejects.toBeInstanceOf(CrontabUnavailableError);
      await expect(failed).rejects.toThrow(/crontab install failed/);
      expect(await crontab.read()).toBe(FOREIGN);
    });

    it('names an unknown user and a missing program as unavailable', async () => {
      await expect(createCrontabCommand({ user: 'no-such-user-hf' }).read()).rejects.toThrow(/crontab read failed: .*no-such-user-hf/);
      const missing = createCrontabCommand({ command: '/nonexistent/crontab' });
      await expect(missing.read()).rejects.toThrow(/is not installed on this host/);
      await expect(missing.write('')).rejects.toBeInstanceOf(CrontabUnavailableError);
    });
  },
);
