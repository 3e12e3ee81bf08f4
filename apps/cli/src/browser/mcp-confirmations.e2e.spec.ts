import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SESSION_COOKIE } from '@huntforge/contracts/http';
import { type McpConfirmation } from '@huntforge/contracts/mcp';
import { createApiToken } from '@huntforge/service-gateway';
import { chromiumAvailable, describeWhen, launchChromium, sigmaRuleYaml, waitFor } from '@huntforge/test-kit';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';
import { seriousViolations } from './axe';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');
const PAGE_PATH = '/mcp-requests';
const needsChromium = describeWhen(chromiumAvailable(), 'the MCP requests page needs Chromium (bash tools/ci/install-chromium.sh)');

/**
 * One all-in-one with two queued Sigma rules, an MCP client acting as an LLM client (its own analyst token,
 * over /mcp) and a Chromium page. The person at the page holds an admin token; with AUTH_MODE=required they
 * sign in, so the page talks to the API with the session cookie only.
 */
class Harness {
  service!: TestAllInOne;
  browser!: Browser;
  context!: BrowserContext;
  page!: Page;
  agent!: Client;
  readonly tokens = { agent: '', reviewer: '' };
  readonly queueIds: number[] = [];
  readonly problems: string[] = [];

  async start(authMode: 'required' | 'off', tag: string): Promise<void> {
    this.service = await startTestAllInOne({ AUTH_MODE: authMode });
    const repo = this.service.handle.ctx.db.repos.apiTokens;
    this.tokens.agent = (await createApiToken(repo, { name: 'llm-agent', role: 'analyst' })).token;
    this.tokens.reviewer = (await createApiToken(repo, { name: 'lead-reviewer', role: 'admin' })).token;
    for (const n of [1, 2]) {
      const rule = sigmaRuleYaml({
        id: `5b2d7c1e-0000-4000-8000-000000000${tag}0${n}`,
        title: `MCP page rule ${tag} ${n}`,
        author: 'MCP Page Test',
        image: `\\mcp${n}.exe`,
        args: [`-mcp-case-${tag}-${n}`],
      });
      const item = await this.api<{ queue_id: number; status: string }>('/api/sigma-queue', {
        method: 'POST',
        body: JSON.stringify({ rule_yaml: rule }),
      });
      expect(item.status).toBe('pending');
      this.queueIds.push(item.queue_id);
    }
    this.agent = new Client({ name: 'llm-client', version: '1.0.0' });
    await this.agent.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', this.service.handle.url), {
        requestInit: { headers: { Authorization: `Bearer ${this.tokens.agent}` } },
      }),
    );

    this.browser = await launchChromium();
    this.context = await this.browser.newContext({ viewport: { width: 1280, height: 900 } });
    this.page = await this.context.newPage();
    this.page.on('console', (message) => {
      const expected = /Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
      if (message.type() === 'error' && !expected) this.problems.push(`console: ${message.text()} on ${this.page.url()}`);
    });
    this.page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
    if (authMode === 'required') {
      await this.page.goto(`${this.service.handle.url}/signin?next=${encodeURIComponent(PAGE_PATH)}`);
      await this.page.getByLabel('API token').fill(this.tokens.reviewer);
      await this.page.getByRole('button', { name: 'Sign in' }).click();
      await this.page.waitForURL((url) => url.pathname === PAGE_PATH, { timeout: 30_000 });
    }
  }

  async stop(): Promise<void> {
    await this.agent?.close();
    await this.browser?.close();
    await this.service?.stop();
  }

  /** The API as the reviewer's token sees it (with authentication off, as the local admin). */
  async api<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`${this.service.handle.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.tokens.reviewer}` },
    });
    const body = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  }

  confirmation = (id: string) => this.api<McpConfirmation>(`/api/mcp/confirmations/${id}`);
  queueStatus = async (id: number) => (await this.api<{ status: string }>(`/api/sigma-queue/${id}`)).status;
  threshold = async () =>
    (await this.api<{ auto_trigger_hunt_score_threshold: number }>('/api/workflow/config')).auto_trigger_hunt_score_threshold;

  /** What an LLM client does: call a high-risk write tool; the answer is a pending confirmation request. */
  async request(name: string, args: Record<string, unknown>, requestedBy: string): Promise<string> {
    const result = (await this.agent.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const content = result.structuredContent as { status: string; confirmation: { id: string; status: string; requested_by: string } };
    expect(content).toMatchObject({ status: 'pending_confirmation', confirmation: { status: 'pending', requested_by: requestedBy } });
    return content.confirmation.id;
  }

  /** The pending card of one request. */
  card = (id: string) => this.page.locator(`[data-testid="pending-request"][data-confirmation-id="${id}"]`);
  historyRow = (id: string) => this.page.getByRole('table', { name: 'request history' }).locator(`tr[data-confirmation-id="${id}"]`);

  async open(): Promise<void> {
    await this.page.goto(`${this.service.handle.url}${PAGE_PATH}`);
    await this.page.getByRole('heading', { level: 1, name: 'MCP requests' }).waitFor({ timeout: 30_000 });
    await this.page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
  }
}

beforeAll(() => {
  execFileSync(process.execPath, [join(repoRoot, 'tools', 'web', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
}, 240_000);

needsChromium('MCP requests page in Chromium, AUTH_MODE=required: a person signed in with a browser session decides', () => {
  const h = new Harness();
  const agentActor = 'token:llm-agent';

  // The all-in-one's first start (migrations, the content filter's first model) is slow on a busy machine.
  beforeAll(() => h.start('required', 'a'), 240_000);
  afterAll(() => h.stop());

  it('signs the person in with a browser session, not a bearer token', async () => {
    const cookies = await h.context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual([SESSION_COOKIE]);
    expect(await h.page.locator('header').innerText()).toMatch(/signed in as token:lead-reviewer\s*admin/);
  });

  it('lists a pending request with what it will do, its arguments, who asked, and when it expires', async () => {
    const id = await h.request('approve_queue_rule', { queue_id: h.queueIds[0], comment: 'matches the report' }, agentActor);
    await h.open();
    const pending = h.card(id);
    await pending.waitFor();
    expect(await pending.getByRole('heading', { level: 3 }).innerText()).toBe('Approve a queue rule approve_queue_rule');
    const text = await pending.innerText();
    expect(text).toContain(`Approve Sigma queue rule #${h.queueIds[0]} with a review note`);
    expect(text).toMatch(/asked by\s*llm-agent \(API token\)/);
    expect(text).toMatch(/expires\s*.+\(in 24 h\)/);
    const args = pending.getByRole('definition');
    expect(await args.filter({ hasText: 'matches the report' }).count()).toBe(1);
    expect(await args.filter({ hasText: new RegExp(`^${h.queueIds[0]}$`) }).count()).toBe(1);
    expect(await pending.getByRole('link', { name: `open queue rule #${h.queueIds[0]}` }).getAttribute('href')).toBe(
      `/workflow?item=${h.queueIds[0]}#queue`,
    );
    // The audit trail shows the tool call that filed it, with its outcome.
    const audit = h.page.getByRole('table', { name: 'audit trail' });
    expect(await audit.locator('tr').filter({ hasText: 'approve_queue_rule' }).filter({ hasText: 'pending confirmation' }).count()).toBe(1);
    await h.page.screenshot({ path: '/tmp/mcp-page-pending-light.png', fullPage: true });
    expect(await seriousViolations(h.page)).toEqual([]);
  });

  it('confirms through the Confirm button with the session cookie: the request is confirmed and the rule approved', async () => {
    const { confirmations } = await h.api<{ confirmations: McpConfirmation[] }>('/api/mcp/confirmations?status=pending');
    expect(confirmations).toHaveLength(1);
    const id = (confirmations[0] as McpConfirmation).id;
    await h
      .card(id)
      .getByLabel(/^Reason/)
      .fill('reviewed the detection logic');
    await h.card(id).getByRole('button', { name: 'Confirm' }).click();
    const outcome = h.page.getByTestId('decision-outcome');
    await outcome.waitFor({ timeout: 30_000 });
    await h.page.screenshot({ path: '/tmp/mcp-page-after-confirm-light.png', fullPage: true });
    // The decision route accepts the session; the confirmed action must then run as this person too.
    expect(await h.confirmation(id)).toMatchObject({
      status: 'confirmed',
      decided_by: 'token:lead-reviewer',
      decision_reason: 'reviewed the detection logic',
      error: null,
      result: { http_status: 200 },
    });
    expect(await h.queueStatus(h.queueIds[0] as number)).toBe('approved');
    expect(await h.queueStatus(h.queueIds[1] as number)).toBe('pending');
    expect(await outcome.innerText()).toContain(`Confirmed and done: Approve Sigma queue rule #${h.queueIds[0]}`);
  });

  it('rejects through the Reject button with a reason: the request is rejected and the threshold unchanged', async () => {
    const before = await h.threshold();
    const target = before === 77 ? 78 : 77;
    const id = await h.request('update_auto_trigger_threshold', { auto_trigger_hunt_score_threshold: target }, agentActor);
    await h.open();
    const pending = h.card(id);
    await pending.waitFor();
    expect(await pending.innerText()).toContain(`Set the auto-trigger hunt score threshold to ${target}`);
    await pending.getByLabel(/^Reason/).fill('too many articles would skip analysis');
    await pending.getByRole('button', { name: 'Reject' }).click();
    await h.page
      .getByTestId('decision-outcome')
      .filter({ hasText: `Rejected: Set the auto-trigger hunt score threshold to ${target}` })
      .waitFor({ timeout: 30_000 });
    expect(await h.confirmation(id)).toMatchObject({
      status: 'rejected',
      decided_by: 'token:lead-reviewer',
      decision_reason: 'too many articles would skip analysis',
      result: null,
    });
    expect(await h.threshold()).toBe(before);
    await waitFor('the rejected request to leave the pending list', async () => (await h.card(id).count()) === 0, 15_000);
    await waitFor(
      'the history to show it rejected with its reason',
      async () =>
        /rejected[\s\S]*never ran: “too many articles would skip analysis”/.test(
          await h
            .historyRow(id)
            .innerText()
            .catch(() => ''),
        ),
      15_000,
    );
  });

  it('explains in the page when a request was decided elsewhere meanwhile (409), and nothing runs', async () => {
    const id = await h.request('approve_queue_rule', { queue_id: h.queueIds[1] }, agentActor);
    await h.open();
    await h.card(id).waitFor();
    // Another person rejects it (with their own client) while this page still shows it pending.
    await h.api(`/api/mcp/confirmations/${id}/reject`, { method: 'POST', body: JSON.stringify({ reason: 'decided elsewhere' }) });
    await h.card(id).getByRole('button', { name: 'Confirm' }).click();
    const outcome = h.page.getByTestId('decision-outcome');
    const alert = outcome.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.innerText()).toMatch(/Confirming approve_queue_rule .* failed: confirmation_not_pending/);
    expect(await outcome.innerText()).toContain('Someone decided this request before you');
    expect(await h.confirmation(id)).toMatchObject({ status: 'rejected', decision_reason: 'decided elsewhere' });
    expect(await h.queueStatus(h.queueIds[1] as number)).toBe('pending');
    await waitFor('the stale request to leave the pending list', async () => (await h.card(id).count()) === 0, 15_000);
    await h.page.screenshot({ path: '/tmp/mcp-page-409-light.png', fullPage: true });
  });

  it('shows decisions in the audit trail, filtered by type and paged with its cursor', async () => {
    await h.open();
    const audit = h.page.getByRole('table', { name: 'audit trail' });
    const rows = audit.locator('tbody tr');
    await h.page.getByLabel('show').selectOption('mcp.confirmation.rejected');
    await waitFor(
      'only the rejections to be listed',
      async () => (await rows.count()) === 2 && (await rows.allInnerTexts()).every((row) => row.includes('request rejected')),
      15_000,
    );
    expect((await rows.allInnerTexts()).join('\n')).toMatch(/update_auto_trigger_threshold[\s\S]*lead-reviewer/);
    await h.page.getByLabel('show').selectOption('');
    await waitFor('every event to be listed', async () => (await rows.count()) > 2, 15_000);
    expect(await h.page.getByRole('navigation', { name: 'audit trail pages' }).getByRole('button', { name: 'Older →' }).isDisabled()).toBe(
      true,
    );
    await h.page.screenshot({ path: '/tmp/mcp-page-decided-light.png', fullPage: true });
    expect(await seriousViolations(h.page)).toEqual([]);
  });

  it('reads well in the dark theme too', async () => {
    await h.request('retrain_model', {}, agentActor);
    await h.request('submit_queue_rule', { queue_id: h.queueIds[0] }, agentActor);
    await h.open();
    await h.page.getByRole('button', { name: 'switch to dark theme' }).click();
    await h.page.locator('html[data-theme="dark"]').waitFor();
    await h.page.screenshot({ path: '/tmp/mcp-page-dark.png', fullPage: true });
    expect(await seriousViolations(h.page)).toEqual([]);
  });

  it('raised no page error or unexpected console error', () => {
    expect(h.problems).toEqual([]);
  });
});

needsChromium('MCP requests page in Chromium, authentication off: the local admin confirms and the action runs', () => {
  const h = new Harness();

  beforeAll(() => h.start('off', 'b'), 240_000);
  afterAll(() => h.stop());

  it('confirms through the Confirm button: the request is confirmed, the rule approved, and the page says so', async () => {
    const id = await h.request('approve_queue_rule', { queue_id: h.queueIds[0] }, 'local');
    await h.open();
    expect(await h.card(id).innerText()).toMatch(/asked by\s*local \(local mode, no authentication\)/);
    await h.card(id).getByRole('button', { name: 'Confirm' }).click();
    const outcome = h.page.getByTestId('decision-outcome');
    await outcome
      .filter({ hasText: `Confirmed and done: Approve Sigma queue rule #${h.queueIds[0]} (HTTP 200)` })
      .waitFor({ timeout: 30_000 });
    expect(await h.confirmation(id)).toMatchObject({
      status: 'confirmed',
      decided_by: 'local',
      error: null,
      result: { http_status: 200, body: { status: 'approved' } },
    });
    expect(await h.queueStatus(h.queueIds[0] as number)).toBe('approved');
    expect(await h.queueStatus(h.queueIds[1] as number)).toBe('pending');
    await waitFor(
      'the history to show it confirmed with the service answer',
      async () =>
        /confirmed[\s\S]*HTTP 200/.test(
          await h
            .historyRow(id)
            .innerText()
            .catch(() => ''),
        ),
      15_000,
    );
    expect(await h.card(id).count()).toBe(0);
  });

  it('raised no page error or unexpected console error', () => {
    expect(h.problems).toEqual([]);
  });
});
