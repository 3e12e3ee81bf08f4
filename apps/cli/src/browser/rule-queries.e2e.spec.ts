import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, describeWhen, launchChromium, sigmaRuleYaml, waitFor } from '@huntforge/test-kit';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');

describeWhen(chromiumAvailable(), 'the review page queries need Chromium (bash tools/ci/install-chromium.sh)')(
  'SIEM queries on the review page in Chromium',
  () => {
    let service: TestAllInOne;
    let browser: Browser;
    let page: Page;

    const api = async (path: string, init?: RequestInit) => {
      const response = await fetch(`${service.handle.url}${path}`, { ...init, headers: { 'content-type': 'application/json' } });
      const body = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return body;
    };
    const queries = () => page.getByTestId('rule-queries');
    const queryText = async () => (await queries().getByTestId('query-text').textContent()) ?? '';

    beforeAll(async () => {
      execFileSync(process.execPath, [join(repoRoot, 'tools', 'web', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
      service = await startTestAllInOne();
      // The team converts to Splunk and to Defender XDR's KQL.
      await api('/api/settings/SIGMA_CONVERT_TARGETS', { method: 'PUT', body: JSON.stringify({ value: 'splunk, kusto:microsoft_xdr' }) });
      const rule = sigmaRuleYaml({
        id: '5c5c5c5c-0000-4000-8000-000000000001',
        title: 'Queries rule',
        author: 'Queries Test',
        image: '\\certutil.exe',
        args: ['-urlcache'],
      });
      await api('/api/sigma-queue', { method: 'POST', body: JSON.stringify({ rule_yaml: rule }) });
      browser = await launchChromium();
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.handle.url });
      page = await context.newPage();
      await page.goto(`${service.handle.url}/workflow#queue`);
      await page.waitForLoadState('networkidle');
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await service?.stop();
    });

    it('shows a tab per configured target with its query, and copies it', async () => {
      await queries().getByTestId('query-text').waitFor({ timeout: 20_000 });
      expect(await queries().getByRole('tab').allTextContents()).toEqual(['splunk', 'kusto + microsoft_xdr']);
      expect(await queryText()).toBe('Image="*\\\\certutil.exe" CommandLine="*-urlcache*"');

      await queries().getByRole('tab', { name: 'kusto + microsoft_xdr' }).click();
      await waitFor('the KQL tab', async () => (await queryText()).startsWith('DeviceProcessEvents'), 10_000);
      expect(await queryText()).toBe(
        'DeviceProcessEvents\n| where FolderPath endswith "\\\\certutil.exe" and ProcessCommandLine contains "-urlcache"',
      );

      await queries().getByRole('button', { name: 'Copy' }).click();
      await queries().getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await queryText());
    });

    it('converts the rule again as it is edited, and says when a target cannot express it', async () => {
      const editor = page.getByTestId('rule-review').locator('.cm-content');
      const original = (await editor.innerText()).replace(/\u00a0/g, ' ');
      const retype = async (text: string) => {
        await editor.click();
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(text);
      };
      await retype(original.replace("'-urlcache'", "'-decode'"));
      await waitFor('the KQL query of the edit', async () => (await queryText()).includes('ProcessCommandLine contains "-decode"'), 15_000);

      // Defender XDR has no table for antivirus detections: the KQL tab says so, Splunk still converts.
      await retype(original.replace('category: process_creation', 'category: antivirus'));
      await queries().getByTestId('query-error').waitFor({ timeout: 15_000 });
      expect(await queries().getByTestId('query-error').textContent()).toMatch(/^kusto cannot express this rule: .*query table/);
      await queries().getByRole('tab', { name: 'splunk' }).click();
      expect(await queryText()).toBe('Image="*\\\\certutil.exe" CommandLine="*-urlcache*"');
    });
  },
);
