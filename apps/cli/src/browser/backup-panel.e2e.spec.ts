import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, describeWhen, launchChromium } from '@huntforge/test-kit';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';
import { seriousViolations } from './axe';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');
/**
 * A scratch user of this file's own (tools/ci/install-cron.sh creates it; created here too when root), so
 * the page never edits a real crontab nor races the other crontab tests running in parallel.
 */
const USER = 'huntforge-crontest-web';
function ensureScratchUser(user: string): boolean {
  if (spawnSync('id', [user]).status === 0) return true;
  return (
    process.getuid?.() === 0 && spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user]).status === 0
  );
}
const cronReady = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v crontab']).status === 0 && ensureScratchUser(USER);
const FOREIGN = 'MAILTO=""\n# someone else\'s\n7 7 * * * /usr/local/bin/theirs\n';
const crontabOf = () => spawnSync('crontab', ['-u', USER, '-l'], { encoding: 'utf8' }).stdout;

describeWhen(
  chromiumAvailable() && cronReady,
  `needs Chromium, Debian's cron and root to edit the scratch user ${USER}'s crontab (bash tools/ci/install-cron.sh)`,
)('the settings page’s Backups panel', () => {
  let dir: string;
  let wrapper: string;
  let service: TestAllInOne;
  let browser: Browser;
  let page: Page;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    execFileSync(process.execPath, [join(repoRoot, 'tools', 'web', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
    execFileSync('crontab', ['-u', USER, '-'], { input: FOREIGN });
    // The real crontab behind a wrapper the test can take away, to see how the page reports a host without cron.
    dir = mkdtempSync(join(tmpdir(), 'hf-backup-panel-'));
    wrapper = join(dir, 'crontab');
    writeFileSync(wrapper, '#!/bin/sh\nexec crontab "$@"\n');
    chmodSync(wrapper, 0o755);
    Object.assign(process.env, { CRONTAB_COMMAND: wrapper, CRONTAB_USER: USER });
    service = await startTestAllInOne();
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    spawnSync('crontab', ['-u', USER, '-r']);
    process.env = savedEnv;
    rmSync(dir, { recursive: true, force: true });
  });

  const panel = () => page.getByRole('region', { name: 'Backups' });
  const openSettings = async () => {
    await page.goto(`${service.handle.url}/settings`);
    await page.waitForLoadState('networkidle');
  };

  it('enables backups at the chosen times: the panel shows the two installed lines, foreign lines stay', async () => {
    await openSettings();
    await panel().getByText('No managed backup lines are installed').waitFor();
    await panel().getByLabel('Back up automatically').check();
    await panel().getByLabel('backup time').fill('4pm');
    await panel().getByText('Backup time must be HH:MM (24-hour).').waitFor();
    expect(await panel().getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await panel().getByLabel('backup time').fill('04:15');
    await panel().getByLabel('prune day').selectOption('Wednesday');
    await panel().getByRole('button', { name: 'Save' }).click();

    const installed = panel().getByRole('table', { name: 'installed backup cron lines' });
    await installed.getByText('15 4 * * *').waitFor();
    expect(await installed.getByText('0 3 * * 3').count()).toBe(1);
    expect(crontabOf().startsWith(FOREIGN)).toBe(true);
    expect(crontabOf()).toMatch(/# huntforge-managed:backup\n.*# huntforge-managed:prune\n$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a crontab that cannot be changed as an error with its code, and says so on the next load', async () => {
    renameSync(wrapper, `${wrapper}.parked`);
    try {
      await panel().getByLabel('Back up automatically').uncheck();
      await panel().getByRole('button', { name: 'Save' }).click();
      const alert = panel().getByRole('alert');
      await alert.getByText('cron_unavailable').waitFor();
      expect(await alert.innerText()).toMatch(
        /Saving the backup schedule failed: cron_unavailable — The host crontab cannot be changed: .*not installed/,
      );

      await openSettings();
      await panel().getByText('The host crontab is unavailable:').waitFor();
      expect(await panel().getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    } finally {
      renameSync(`${wrapper}.parked`, wrapper);
    }
    expect(crontabOf()).toContain('# huntforge-managed:backup');
  });

  it('disables backups: only our lines leave the crontab', async () => {
    await openSettings();
    await panel().getByLabel('Back up automatically').uncheck();
    await panel().getByRole('button', { name: 'Save' }).click();
    await panel().getByText('No managed backup lines are installed').waitFor();
    expect(crontabOf()).toBe(FOREIGN);
  });
});
