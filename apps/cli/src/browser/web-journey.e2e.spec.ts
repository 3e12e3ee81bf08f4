import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AllInOneHandle } from '@huntforge/platform';
import { chromiumAvailable, describeWhen, launchChromium, waitFor } from '@huntforge/test-kit';
import { startFakeGithub, type FakeGithub } from '@huntforge/testing';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';
import { seriousViolations } from './axe';
import { startFixtureSite, type FixtureSite } from './fixture-site';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');
const SECRET = 'sk-test-NEVER-IN-THE-PAGE-0123456789abcdef';
const PAGES = [
  '/',
  '/articles',
  '/sources',
  '/workflow#executions',
  '/workflow#queue',
  '/workflow#config',
  '/mlops',
  '/mlops/agent-evals',
  '/mlops/agent-evals2',
  '/mcp-requests',
  '/settings',
];

describeWhen(chromiumAvailable(), 'the web journey needs Chromium (apt-get install -y chromium)')(
  'web application in Chromium, all-in-one, authentication off',
  () => {
    let sourcesDir: string;
    let service: TestAllInOne;
    let handle: AllInOneHandle;
    let site: FixtureSite;
    let github: FakeGithub;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const problems: string[] = [];
    // Chromium's own contenteditable editing (select all, then type) writes style attributes that the CSP
    // blocks; CodeMirror re-renders from its state, so nothing is lost. Only those, while typing, are expected.
    let typingInEditor = false;
    const leaks: string[] = [];
    const savedEnv = { ...process.env };

    beforeAll(async () => {
      execFileSync(process.execPath, [join(repoRoot, 'tools', 'web', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
      site = await startFixtureSite();
      github = await startFakeGithub({ repos: ['acme/detections'] });
      sourcesDir = mkdtempSync(join(tmpdir(), 'huntforge-web-sources-'));
      const sourcesFile = join(sourcesDir, 'sources.yaml');
      writeFileSync(
        sourcesFile,
        `sources:\n  - identifier: example-lab\n    name: Example Threat Lab\n    url: ${site.url}/feed.xml\n    kind: rss\n    lookback_days: 3650\n` +
          '  - identifier: eval\n    name: Evaluation fixtures\n    url: https://huntforge.invalid/eval\n    kind: html\n' +
          '  - identifier: manual\n    name: Manual scrapes\n    url: https://huntforge.invalid/manual\n    kind: html\n',
      );
      Object.assign(process.env, { SOURCES_FILE: sourcesFile, INGEST_ALLOW_PRIVATE_NETWORKS: 'true', GITHUB_API_URL: github.url });
      service = await startTestAllInOne({ SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
      handle = service.handle;
      for (const [key, value] of Object.entries({ OPENAI_API_KEY: SECRET, GITHUB_TOKEN: github.token, GITHUB_REPO: 'acme/detections' })) {
        const response = await fetch(`${handle.url}/api/settings/${key}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value }),
        });
        expect(response.status).toBe(200);
      }

      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      page.on('console', (message) => {
        const expected =
          /Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) ||
          (typingInEditor && message.text().startsWith('Applying inline style violates'));
        if (message.type() === 'error' && !expected)
          problems.push(`console: ${message.text()} at ${message.location().url}:${message.location().lineNumber} on ${page.url()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', async (response) => {
        if (!response.url().startsWith(handle.url)) return;
        const body = await response.text().catch(() => '');
        if (body.includes(SECRET) || body.includes(SECRET.slice(8, 30))) leaks.push(response.url());
      });
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await service?.stop();
      await site?.close();
      await github?.close();
      process.env = savedEnv;
      rmSync(sourcesDir, { recursive: true, force: true });
    });

    const open = async (path: string) => {
      await page.goto(`${handle.url}${path}`);
      await page.waitForLoadState('networkidle');
    };

    it('greets a fresh install with local mode and what to do first', async () => {
      await open('/');
      await page.getByText('local mode, no authentication').waitFor();
      await page.getByText('No articles collected yet.').waitFor();
      expect(await page.getByRole('link', { name: 'sources page' }).getAttribute('href')).toBe('/sources');
    });

    it('collects a source from the sources page and follows the run to its result', async () => {
      await open('/sources');
      const card = page.getByRole('article', { name: 'Example Threat Lab' });
      await card.getByRole('button', { name: 'Collect now' }).click();
      await card.getByText(/1 found, 1 new, 0 duplicates, 0 failed/).waitFor({ timeout: 30_000 });
      await card.getByText('succeeded').waitFor();
    });

    it('shows the article with its matched keywords and applies the 950–1050 character rule to annotations', async () => {
      await open('/articles');
      await page.getByRole('link', { name: 'From phishing ISO to domain-wide ransomware in 52 hours' }).click();
      const content = page.getByTestId('article-content');
      await content.waitFor();
      expect(await content.locator('mark').count()).toBeGreaterThan(0);

      await content.evaluate((element) => {
        const text = element.firstChild as Node;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, Math.min(300, text.textContent?.length ?? 0));
        const selection = window.getSelection() as Selection;
        selection.removeAllRanges();
        selection.addRange(range);
      });
      await page.getByRole('button', { name: 'Take selection' }).click();
      const length = page.getByTestId('annotation-length');
      expect(await length.textContent()).toMatch(/^\d+ characters \(needs 950–1050\)$/);
      expect(await length.getAttribute('class')).toContain('bad');
      const save = page.getByRole('button', { name: 'Save annotation' });
      expect(await save.isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Expand to 1000 characters' }).click();
      expect(await length.textContent()).toContain('1000 characters');
      expect(await length.getAttribute('class')).toContain('ok');
      await save.click();
      await page.getByRole('cell', { name: '1000', exact: true }).waitFor();
    });

    it('shows chunk-debug decisions for the article', async () => {
      await page.getByRole('button', { name: 'Analyze chunks' }).click();
      await page.getByText(/Model v1, threshold .*kept, .* removed of \d+/).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: '✓ right' }).count()).toBeGreaterThan(0);
    });

    it('reprocesses the article and shows the execution: stages, observables, rules and logs', async () => {
      await page.getByRole('button', { name: 'Reprocess' }).click();
      await page.getByRole('link', { name: /^execution #\d+$/ }).click();
      const view = page.getByTestId('execution-view');
      await view.getByText('completed', { exact: true }).first().waitFor({ timeout: 60_000 });
      await view.locator('summary', { hasText: 'CmdlineExtract' }).waitFor();
      expect(await page.getByTestId('execution-logs').textContent()).toContain('[sigma_generation]');
      // The rules render once their own query answers: wait for a queued one rather than counting at once.
      await view.locator('details summary', { hasText: 'queued' }).first().waitFor({ timeout: 30_000 });
      // Each generated rule says which of the article's observables it fires on (its self-test).
      expect(await view.textContent()).toMatch(/Fires on: (cmdline|process_lineage|registry_key|service|scheduled_task|domain|url|ipv4): /);
      // What the reference corpus already detects is shown before the rules (an empty corpus covers nothing).
      expect(await view.getByTestId('corpus-coverage').textContent()).toMatch(/already fire one of the \d+ reference rules; \d+ fire none/);
    });

    it('reviews a queued rule: a validation error appears while typing, the fix clears it, then approve and submit', async () => {
      await open('/workflow/queue');
      expect(new URL(page.url()).hash).toBe('#queue');
      const review = page.getByTestId('rule-review');
      await review.waitFor();
      const editor = review.locator('.cm-content');
      const original = (await editor.innerText()).replace(/\u00a0/g, ' ');
      expect(original).toContain('detection:');
      // The reviewer sees whether the rule fires on the article's observables and on ordinary activity.
      expect(await review.getByTestId('self-test').textContent()).toMatch(/Self-test: fires on \d+ of the article's observables/);

      const retype = async (text: string) => {
        typingInEditor = true;
        await editor.click();
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(text);
        await page.waitForTimeout(200);
        typingInEditor = false;
      };
      await retype(original.replace(/condition: .*/, 'condition: no_such_selection'));
      const findings = page.getByTestId('findings');
      await findings.locator('.finding.error').first().waitFor({ timeout: 10_000 });
      expect(await findings.textContent()).toContain('no_such_selection');

      await retype(original.replace(/title: .*/, "title: 'Reviewed: rundll32 loader chain'"));
      await page.waitForFunction(() => document.querySelector('[data-testid="findings"] .finding.error') === null, undefined, {
        timeout: 10_000,
      });
      expect(await review.getByText('Unchanged since it was queued (as generated)').count()).toBe(1);
      await page.getByRole('button', { name: 'Save edit' }).click();
      await review.getByRole('heading', { name: 'Reviewed: rundll32 loader chain' }).waitFor();
      // Saving re-ran the self-test on the edited rule (a title change keeps it firing).
      expect(await review.getByTestId('self-test').textContent()).toMatch(/Self-test: fires on \d+ of the article's observables/);
      // The reviewer sees their change against the rule as the pipeline generated it.
      const sinceQueued = review.locator('details').filter({ hasText: 'Changes since it was queued (as generated)' });
      expect(await sinceQueued.locator('.diff-add').filter({ hasText: "+ title: 'Reviewed: rundll32 loader chain'" }).count()).toBe(1);
      expect(
        await sinceQueued
          .locator('.diff-del')
          .filter({ hasText: /^- title: / })
          .count(),
      ).toBe(1);

      await review.getByRole('button', { name: /Approve/ }).click();
      await page.getByLabel('queue status').selectOption('approved');
      await page.getByRole('button', { name: 'Reviewed: rundll32 loader chain' }).click();
      await review.getByText('approved', { exact: true }).first().waitFor();
      await review.getByRole('button', { name: 'Submit as pull request' }).click();
      await review.getByRole('link', { name: /pull request/ }).waitFor({ timeout: 20_000 });
      const pulls = github.repo('acme/detections').pulls;
      expect(pulls).toHaveLength(1);
      expect(pulls[0]?.title).toContain('Reviewed: rundll32 loader chain');
    });

    it('retrains the content filter from the page and shows the outcome plainly', async () => {
      await open('/mlops');
      await page.getByRole('button', { name: 'Retrain now' }).click();
      await page.getByText(/New version v\d+ is in use|RETRAIN REJECTED/).waitFor({ timeout: 60_000 });
    });

    it('shows settings without ever putting a stored secret in the page or in a response', async () => {
      await open('/settings');
      const row = page.getByRole('row', { name: /OPENAI_API_KEY/ });
      await row.getByText(/configured/).waitFor();
      const html = await page.content();
      expect(html).not.toContain(SECRET);
      expect(html).not.toContain(SECRET.slice(8, 30));
      expect(leaks).toEqual([]);
    });

    it('runs a scheduled job from the settings page and shows how it ended', async () => {
      const row = page.getByRole('row', { name: /cleanup_old_data/ });
      await row.getByRole('button', { name: 'Run now' }).click();
      const status = row.getByRole('status');
      await status.waitFor({ timeout: 30_000 });
      expect(await status.textContent()).toMatch(/^succeeded at /);
    });

    it('edits a prompt as its next version, diffs it with the one before, and rolls back', async () => {
      await open('/workflow#config');
      await page.getByLabel('prompt agent').selectOption('RankAgent');
      const task = page.getByLabel('RankAgent task');
      const originalTask = await task.inputValue();
      expect(originalTask.length).toBeGreaterThan(20);
      await task.fill(`${originalTask} Weigh Linux artefacts like Windows ones.`);
      await page.getByLabel('what changed').fill('Linux weighting');
      await page.getByRole('button', { name: 'Save as next version' }).click();
      const history = page.getByRole('table', { name: 'RankAgent prompt history' });
      await history.locator('tr').filter({ hasText: 'Linux weighting' }).waitFor();
      expect(await history.locator('tr').filter({ hasText: 'Linux weighting' }).innerText()).toMatch(/v2\s*current/);

      await history.locator('tr').filter({ hasText: /^v1/ }).getByRole('button', { name: 'Diff with current' }).click();
      expect(await page.locator('.diff-add').filter({ hasText: 'Weigh Linux artefacts like Windows ones.' }).count()).toBeGreaterThan(0);
      await history.locator('tr').filter({ hasText: /^v1/ }).getByRole('button', { name: 'Roll back' }).click();
      await history.locator('tr').filter({ hasText: 'Rolled back to v1' }).getByText('current').waitFor();
      expect(await task.inputValue()).toBe(originalTask);
    });

    it('saves the configuration as a preset, asks before replacing it, and imports a preset file', async () => {
      await open('/workflow#config');
      const presets = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Presets' }) });
      const saveAs = async () => {
        await presets.getByLabel('preset name', { exact: true }).fill('team-weekly');
        await presets.getByRole('button', { name: 'Save current as preset' }).click();
      };
      await saveAs();
      await presets.getByText('Saved preset team-weekly.').waitFor();
      const row = presets.locator('tr').filter({ hasText: 'team-weekly' });
      expect(await row.getByRole('link', { name: 'Export' }).getAttribute('href')).toBe(
        '/api/workflow/config/preset/export?name=team-weekly',
      );

      await saveAs();
      await presets.getByRole('alert').filter({ hasText: 'A preset named team-weekly exists' }).waitFor();
      await presets.getByRole('button', { name: 'Replace it' }).click();
      await presets.getByText('Saved preset team-weekly.').waitFor();

      const versionsBefore = await page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Configuration versions' }) })
        .locator('tbody tr')
        .count();
      await presets.getByLabel('preset file to import').setInputFiles({
        name: 'colleague.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({ format: 'huntforge.workflow-preset/v1', name: 'colleague', thresholds: { RankingThreshold: 5 } }),
        ),
      });
      await presets.getByText(/Applied as configuration v\d+\./).waitFor();
      expect(await page.getByLabel('RankingThreshold').inputValue()).toBe('5');
      const versions = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Configuration versions' }) });
      await waitFor(
        'the imported version to be listed',
        async () =>
          (await versions.locator('tbody tr').count()) > versionsBefore ||
          (await versions.locator('tbody tr').first().innerText()).includes('Preset: colleague'),
        10_000,
      );

      await presets
        .getByLabel('preset file to import')
        .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{ not json') });
      await presets.getByRole('alert').filter({ hasText: 'broken.json is not a JSON preset file' }).waitFor();
    });

    it('runs a subagent evaluation from the evaluations page, then reads its items, trend and version comparison', async () => {
      await open('/mlops/agent-evals?subagent=windows_services');
      const run = page.getByRole('button', { name: /^Run evaluation \(\d+ articles\)$/ });
      await run.waitFor();
      const articles = Number(/\((\d+) articles\)/.exec((await run.textContent()) ?? '')?.[1]);
      expect(articles).toBeGreaterThanOrEqual(5);
      await run.click();
      await page.getByTestId('eval-launched').waitFor();
      const results = page.getByTestId('eval-results');
      await waitFor(
        'every record to settle',
        async () => (await results.locator('tbody tr').count()) >= articles && (await page.getByTestId('eval-progress').count()) === 0,
        60_000,
      );
      expect(await results.getByText('completed').count()).toBe(articles);
      const aggregate = page.getByTestId('eval-aggregate');
      await aggregate.locator('tbody tr').first().waitFor();
      // The aggregate is its own query, refetched on its own interval: it may still show the run half done.
      const settled = new RegExp(`${articles} / ${articles}`);
      await waitFor(
        'the aggregate to count every record',
        async () => settled.test(await aggregate.locator('tbody tr').first().innerText()),
        30_000,
      );
      expect(await aggregate.locator('tbody tr').first().innerText()).toMatch(settled);
      await results.locator('tbody tr').first().getByRole('button').click();
      await results.getByText('matched', { exact: false }).first().waitFor();
      await page.screenshot({ path: join(tmpdir(), 'huntforge-agent-evals.png'), fullPage: true });

      await page.getByRole('link', { name: 'Trends and comparison' }).click();
      await page.getByTestId('trend-table').locator('tbody tr').first().waitFor();
      await page.getByTestId('compare-summary').waitFor();
      expect(await page.getByTestId('compare-summary').innerText()).toMatch(/articles scored/);
      await page.screenshot({ path: join(tmpdir(), 'huntforge-agent-evals2.png'), fullPage: true });
    });

    it.each(PAGES)('renders %s with no serious accessibility violation', async (path) => {
      await open(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('ran with no script error and no Content-Security-Policy violation', () => {
      expect(problems).toEqual([]);
    });
  },
);
