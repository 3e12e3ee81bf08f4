import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, describeWhen, launchChromium, sigmaRuleYaml, waitFor } from '@huntforge/test-kit';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');

/** A valid process-creation rule; `n` keeps ids, titles and detections apart. */
const sigmaRule = (n: number, title: string): string =>
  sigmaRuleYaml({
    id: `7e1f0c2a-0000-4000-8000-00000000000${n}`,
    title,
    author: 'Queue Shortcuts Test',
    image: `\\tool${n}.exe`,
    args: [`-shortcut-case-${n}`],
  });

describeWhen(chromiumAvailable(), 'the review queue shortcuts need Chromium (bash tools/ci/install-chromium.sh)')(
  'review queue keyboard shortcuts in Chromium',
  () => {
    let service: TestAllInOne;
    let browser: Browser;
    let page: Page;
    /** Queue ids in list order (newest first): the list shows the last one queued at the top. */
    const ids: number[] = [];
    const titles = ['Shortcut rule oldest', 'Shortcut rule middle', 'Shortcut rule newest'];

    const api = async (path: string, init?: RequestInit) => {
      const response = await fetch(`${service.handle.url}${path}`, { ...init, headers: { 'content-type': 'application/json' } });
      const body = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return body;
    };
    const statusOf = async (id: number) => (await api(`/api/sigma-queue/${id}`)) as { status: string; rejection_reason: string | null };
    /** The item the review pane shows, by its heading. */
    const shown = () => page.getByTestId('rule-review').getByRole('heading', { level: 2 });
    const waitShown = (title: string) =>
      waitFor(`the review pane to show ${title}`, async () => (await shown().textContent()) === title, 15_000);

    beforeAll(async () => {
      execFileSync(process.execPath, [join(repoRoot, 'tools', 'web', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
      service = await startTestAllInOne();
      for (const [index, title] of titles.entries()) {
        const item = await api('/api/sigma-queue', { method: 'POST', body: JSON.stringify({ rule_yaml: sigmaRule(index + 1, title) }) });
        expect(item['status']).toBe('pending');
        ids.unshift(item['queue_id'] as number);
      }
      browser = await launchChromium();
      page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(`${service.handle.url}/workflow#queue`);
      await page.waitForLoadState('networkidle');
      // The all-in-one's first start (migrations, the content filter's first model) is slow on a busy machine.
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await service?.stop();
    });

    it('moves with j and k', async () => {
      await waitShown('Shortcut rule newest');
      await page.keyboard.press('j');
      await waitShown('Shortcut rule middle');
      expect(new URL(page.url()).searchParams.get('item')).toBe(String(ids[1]));
      await page.keyboard.press('k');
      await waitShown('Shortcut rule newest');
      await page.keyboard.press('j');
      await waitShown('Shortcut rule middle');
    });

    it('approves with a, then shows the item that took its place', async () => {
      await page.keyboard.press('a');
      await waitFor('the middle rule to be approved', async () => (await statusOf(ids[1] as number)).status === 'approved', 15_000, 250);
      await waitShown('Shortcut rule oldest');
      // Approving one item leaves the others as they were.
      expect((await statusOf(ids[0] as number)).status).toBe('pending');
      expect((await statusOf(ids[2] as number)).status).toBe('pending');
    });

    it('puts the cursor in the reason with r, and Enter rejects with that reason', async () => {
      await page.keyboard.press('r');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('rejection reason');
      // Typed letters go to the reason, not to the shortcuts: the "a" in it approves nothing.
      await page.keyboard.type('a duplicate of an existing rule');
      await page.keyboard.press('Enter');
      await waitFor('the oldest rule to be rejected', async () => (await statusOf(ids[2] as number)).status === 'rejected', 15_000, 250);
      expect(await statusOf(ids[2] as number)).toEqual(
        expect.objectContaining({ status: 'rejected', rejection_reason: 'a duplicate of an existing rule' }),
      );
      expect((await statusOf(ids[0] as number)).status).toBe('pending');
    });
  },
);
