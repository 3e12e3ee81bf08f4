import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Role } from '@huntforge/contracts';
import type { AllInOneHandle } from '@huntforge/platform';
import { createApiToken } from '@huntforge/service-gateway';
import { sigmaRuleYaml } from '@huntforge/test-kit';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';

jest.setTimeout(60_000);

const ruleYaml = (id: string, title: string): string => sigmaRuleYaml({ id, title, args: [`-urlcache-${id.slice(0, 4)}`] });

interface QueueItem {
  queue_id: number;
  status: string;
  reviewer: string | null;
  review_notes: Array<{ author: string | null; note: string }>;
}

/** Reviews are recorded in the name the gateway vouched for, never the name a request body claims. */
describe('queue reviewers through the gateway (all-in-one, AUTH_MODE=required)', () => {
  let service: TestAllInOne;
  let handle: AllInOneHandle;
  const tokens: Partial<Record<'ana' | 'ben' | 'lead', string>> = {};

  const api = async (path: string, who: keyof typeof tokens, method = 'GET', body?: unknown) => {
    const response = await fetch(`${handle.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as QueueItem & { status: string } };
  };
  const queued = async (id: string, title: string) =>
    (await api('/api/sigma-queue', 'ana', 'POST', { rule_yaml: ruleYaml(id, title) })).body.queue_id;

  beforeAll(async () => {
    service = await startTestAllInOne({ AUTH_MODE: 'required' });
    handle = service.handle;
    const roles: Record<keyof typeof tokens, Role> = { ana: 'analyst', ben: 'analyst', lead: 'admin' };
    for (const [name, role] of Object.entries(roles) as Array<[keyof typeof tokens, Role]>) {
      tokens[name] = (await createApiToken(handle.ctx.db.repos.apiTokens, { name, role })).token;
    }
  }, 120_000); // the embedded database starts and migrates slowly on a loaded CI machine

  afterAll(() => service?.stop());

  it('records the signed-in token on notes, edits, approvals and rejections, ignoring a body that names someone else', async () => {
    const first = await queued('11111111-1111-4111-8111-111111111111', 'Certutil One');
    const noted = await api(`/api/sigma-queue/${first}/review-notes`, 'ana', 'POST', { note: 'check the parent', reviewer: 'ben' });
    expect(noted.status).toBe(200);
    const edited = await api(`/api/sigma-queue/${first}/rule`, 'ben', 'PUT', {
      rule_yaml: ruleYaml('11111111-1111-4111-8111-111111111111', 'Certutil One b'),
      reviewer: 'ana',
    });
    expect(edited.status).toBe(200);
    const approved = await api(`/api/sigma-queue/${first}/approve`, 'ben', 'POST', { note: 'fine', reviewer: 'lead' });
    expect(approved.body).toMatchObject({ status: 'approved', reviewer: 'token:ben' });
    expect(approved.body.review_notes.map((n) => `${n.author}: ${n.note}`)).toEqual([
      'token:ana: check the parent',
      'token:ben: edited the rule',
      'token:ben: fine',
    ]);

    const second = await queued('22222222-2222-4222-8222-222222222222', 'Certutil Two');
    const rejected = await api(`/api/sigma-queue/${second}/reject`, 'ana', 'POST', { reason: 'duplicate', reviewer: 'ben' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reviewer: 'token:ana' });
    expect(rejected.body.review_notes.at(-1)).toMatchObject({ author: 'token:ana', note: 'rejected: duplicate' });
  });

  it('records the person who confirmed an MCP approval, not the token that asked for it', async () => {
    const id = await queued('33333333-3333-4333-8333-333333333333', 'Certutil Three');
    const agent = new Client({ name: 'reviewers-spec', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', handle.url), {
        requestInit: { headers: { Authorization: `Bearer ${tokens.ana}` } },
      }),
    );
    try {
      const noted = (await agent.callTool({
        name: 'add_queue_review_note',
        arguments: { queue_id: id, note: 'from the agent' },
      })) as CallToolResult;
      expect(noted.structuredContent).toMatchObject({ status: 'done', http_status: 200 });
      const requested = (await agent.callTool({
        name: 'approve_queue_rule',
        arguments: { queue_id: id, comment: 'agent thinks it is fine' },
      })) as CallToolResult;
      const { confirmation } = requested.structuredContent as { confirmation: { id: string } };

      const confirmed = await fetch(`${handle.url}/api/mcp/confirmations/${confirmation.id}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.lead}` },
        body: '{}',
      });
      expect(await confirmed.json()).toMatchObject({ status: 'confirmed', decided_by: 'token:lead' });
    } finally {
      await agent.close();
    }
    const item = (await api(`/api/sigma-queue/${id}`, 'ben')).body;
    expect(item).toMatchObject({ status: 'approved', reviewer: 'token:lead' });
    expect(item.review_notes.map((n) => `${n.author}: ${n.note}`)).toEqual([
      'token:ana: from the agent',
      'token:lead: agent thinks it is fine',
    ]);
  });
});
