import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SESSION_COOKIE } from '@huntforge/contracts/http';
import type { AllInOneHandle } from '@huntforge/platform';
import { createApiToken } from '@huntforge/service-gateway';
import { chromiumAvailable, describeWhen, launchChromium, waitFor } from '@huntforge/test-kit';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';
import { seriousViolations } from './axe';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');

describeWhen(chromiumAvailable(), 'the sign-in journey needs Chromium (apt-get install -y chromium)')(
  'sign-in in Chromium, all-in-one, AUTH_MODE=required',
  () => {
    let service: TestAllInOne;
    let handle: AllInOneHandle;
    let browser: Browser;
    const tokens: Record<'viewer' | 'admin', string> = { viewer: '', admin: '' };
    const problems: string[] = [];

    beforeAll(async () => {
      execFileSync(process.execPath, [join(repoRoot, 'tools', 'web', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
      service = await startTestAllInOne({ AUTH_MODE: 'required' });
      handle = service.handle;
      tokens.viewer = (await createApiToken(handle.ctx.db.repos.apiTokens, { name: 'web-viewer', role: 'viewer' })).token;
      tokens.admin = (await createApiToken(handle.ctx.db.repos.apiTokens, { name: 'web-admin', role: 'admin' })).token;
      browser = await launchChromium();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await service?.stop();
    });

    async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      page.on('console', (message) => {
        const expected = /Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
        if (message.type() === 'error' && !expected) problems.push(`console: ${message.text()} on ${page.url()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      return { context, page };
    }

    async function signIn(page: Page, token: string): Promise<void> {
      await page.getByLabel('API token').fill(token);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }

    /** A call from inside the page, as a script on it would make it (the cookie rides along). */
    const fetchInPage = (page: Page, path: string, init: { method: string; headers?: Record<string, string>; body?: string }) =>
      page.evaluate(
        async ({ path, init }) => {
          const response = await fetch(path, init);
          return { status: response.status, body: (await response.json().catch(() => null)) as { error?: { code: string } } | null };
        },
        { path, init },
      );

    it('sends a visitor without a session to the sign-in page, and back to where they were going after it', async () => {
      const { context, page } = await freshPage();
      await page.goto(`${handle.url}/workflow#queue`);
      await page.waitForURL(/\/signin\?next=/);
      expect(new URL(page.url()).searchParams.get('next')).toBe('/workflow#queue');
      expect(await seriousViolations(page)).toEqual([]);

      await signIn(page, `hf_${'x'.repeat(43)}`);
      await page.getByRole('alert').filter({ hasText: 'unknown or revoked' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/signin');

      await signIn(page, tokens.viewer);
      await page.waitForURL((url) => url.pathname === '/workflow' && url.hash === '#queue');
      await page.getByText('signed in as').waitFor();
      expect(await page.locator('header').innerText()).toMatch(/signed in as token:web-viewer\s*viewer/);
      await context.close();
    });

    it('keeps the credential out of reach of scripts: an HttpOnly, SameSite=Strict cookie, the token gone from the page', async () => {
      const { context, page } = await freshPage();
      await page.goto(`${handle.url}/signin`);
      await signIn(page, tokens.viewer);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

      const cookies = await context.cookies();
      expect(cookies).toEqual([expect.objectContaining({ name: SESSION_COOKIE, httpOnly: true, sameSite: 'Strict', path: '/' })]);
      expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
      const stored = await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.documentElement.outerHTML,
      );
      expect(stored).not.toContain(tokens.viewer);
      expect(stored).not.toContain(cookies[0]?.value ?? 'no cookie');

      // A write without the CSRF header is refused even from our own origin; with it, the viewer role still decides.
      const noHeader = await fetchInPage(page, '/api/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"x","role":"viewer"}',
      });
      expect(noHeader).toEqual({ status: 403, body: { error: expect.objectContaining({ code: 'csrf_header_missing' }) } });
      const viewerWrite = await fetchInPage(page, '/api/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-huntforge-csrf': '1' },
        body: '{"name":"x","role":"viewer"}',
      });
      expect(viewerWrite).toEqual({ status: 403, body: { error: expect.objectContaining({ code: 'forbidden' }) } });

      // The role decides what the pages offer: a viewer reads settings but is not offered token administration.
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByText('Only admins change settings').waitFor();
      expect(await page.getByRole('heading', { name: 'API tokens' }).count()).toBe(0);
      await context.close();
    });

    it('signs out: the session ends at the server, the cookie goes, and the pages ask for sign-in again', async () => {
      const { context, page } = await freshPage();
      await page.goto(`${handle.url}/signin?next=/articles`);
      await signIn(page, tokens.viewer);
      await page.waitForURL((url) => url.pathname === '/articles');
      const [cookie] = await context.cookies();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/signin');
      expect(await context.cookies()).toEqual([]);
      const replayed = await fetch(`${handle.url}/api/auth/session`, { headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` } });
      expect(replayed.status).toBe(401);

      await page.goto(`${handle.url}/sources`);
      await page.waitForURL(/\/signin\?next=%2Fsources/);
      await context.close();
    });

    it('lets an admin see browser sessions and end another one, whose pages then return to sign-in', async () => {
      const viewer = await freshPage();
      await viewer.page.goto(`${handle.url}/signin`);
      await signIn(viewer.page, tokens.viewer);
      await viewer.page.getByRole('heading', { name: 'Dashboard' }).waitFor();

      const admin = await freshPage();
      await admin.page.goto(`${handle.url}/signin?next=/settings`);
      await signIn(admin.page, tokens.admin);
      await admin.page.waitForURL((url) => url.pathname === '/settings');
      const sessions = admin.page.getByRole('region', { name: 'Browser sessions' });
      await sessions.getByText('this browser').waitFor();
      expect(await sessions.locator('tbody tr').filter({ hasText: 'web-admin' }).count()).toBe(1);
      const viewerRows = sessions.locator('tbody tr').filter({ hasText: 'web-viewer' });
      expect(await viewerRows.count()).toBeGreaterThanOrEqual(1);
      expect(await seriousViolations(admin.page)).toEqual([]);

      // End every viewer session (earlier tests signed out of theirs; the live one is the other browser's).
      while ((await viewerRows.count()) > 0) {
        const before = await viewerRows.count();
        await viewerRows.first().getByRole('button', { name: 'End session' }).click();
        await waitFor('the ended session to leave the list', async () => (await viewerRows.count()) < before, 10_000);
      }

      await viewer.page.getByRole('link', { name: 'Articles', exact: true }).click();
      await viewer.page.waitForURL(/\/signin\?next=%2Farticles/);
      await viewer.context.close();
      await admin.context.close();
    });

    it('raised no page error or unexpected console error', () => {
      expect(problems).toEqual([]);
    });
  },
);
