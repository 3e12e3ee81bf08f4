import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Role } from '@huntforge/contracts';
import type { AllInOneHandle } from '@huntforge/platform';
import { createApiToken } from '@huntforge/service-gateway';
import { createArticle, createSource } from '@huntforge/service-testing';
import { startTestAllInOne, type TestAllInOne } from '../../test-support/all-in-one';

jest.setTimeout(120_000);

/**
 * The tool server inside `huntforge start`: reached through the gateway's auth, writing through the real
 * owning services of the same process (the write goes back through the gateway with the caller's token).
 */
describe('MCP in the all-in-one shape, end to end', () => {
  let service: TestAllInOne;
  let handle: AllInOneHandle;
  const tokens: Partial<Record<Role, string>> = {};
  let articleIds: number[];
  let analyst: Client;

  const api = (path: string, init: RequestInit & { role?: Role } = {}) =>
    fetch(`${handle.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.role ? { authorization: `Bearer ${tokens[init.role]}` } : {}) },
    });

  beforeAll(async () => {
    service = await startTestAllInOne({ AUTH_MODE: 'required' });
    handle = service.handle;
    for (const role of ['viewer', 'analyst', 'admin'] as const) {
      tokens[role] = (await createApiToken(handle.ctx.db.repos.apiTokens, { name: `e2e-${role}`, role })).token;
    }
    const { prisma } = handle.ctx.db;
    const source = await createSource(prisma, { identifier: 'e2e-src', name: 'E2E' });
    articleIds = [];
    for (const n of [1, 2]) {
      const article = await createArticle(prisma, {
        sourceId: source.id,
        title: `E2E article ${n}`,
        content: `Operators ran rundll32.exe with a DLL from a temp folder (${n}).`,
        huntScore: 12,
      });
      articleIds.push(article.id);
    }
    analyst = new Client({ name: 'e2e', version: '1.0.0' });
    await analyst.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', handle.url), {
        requestInit: { headers: { Authorization: `Bearer ${tokens.analyst}` } },
      }),
    );
  }, 120_000); // the embedded database starts and migrates slowly on a loaded CI machine

  afterAll(async () => {
    await analyst?.close();
    await service?.stop();
  });

  it('refuses /mcp and the confirmation routes without a token', async () => {
    expect((await api('/mcp', { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await api('/api/mcp/confirmations')).status).toBe(401);
  });

  it('runs low-risk writes on the real owning services as the caller, under their rules', async () => {
    const [first] = articleIds;
    const refused = (await analyst.callTool({ name: 'trigger_workflow', arguments: { article_id: first } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('upstream_error');

    const forced = (await analyst.callTool({ name: 'trigger_workflow', arguments: { article_id: first, force: true } })) as CallToolResult;
    expect(forced.structuredContent).toMatchObject({ status: 'done', http_status: 202, result: { execution_id: expect.any(Number) } });
    expect(await handle.ctx.db.prisma.workflowExecution.count({ where: { articleId: first } })).toBe(1);

    const annotated = (await analyst.callTool({
      name: 'add_annotation',
      arguments: { article_id: first, annotation_type: 'cmdline', selected_text: 'rundll32.exe', start_position: 14, end_position: 26 },
    })) as CallToolResult;
    expect(annotated.structuredContent).toMatchObject({ status: 'done', http_status: 201 });
    const annotation = await handle.ctx.db.prisma.articleAnnotation.findFirst({ where: { articleId: first } });
    expect(annotation).toMatchObject({ selectedText: 'rundll32.exe', createdBy: 'token:e2e-analyst' });
  });

  it('deletes an article only after a person confirms the request through the gateway', async () => {
    const second = articleIds[1];
    const requested = (await analyst.callTool({ name: 'delete_article', arguments: { article_id: second } })) as CallToolResult;
    const { confirmation } = requested.structuredContent as { confirmation: { id: string } };
    expect(await handle.ctx.db.prisma.article.count({ where: { id: second } })).toBe(1);

    const listed = (await (await api('/api/mcp/confirmations?status=pending', { role: 'viewer' })).json()) as {
      confirmations: Array<{ id: string }>;
    };
    expect(listed.confirmations.map((c) => c.id)).toEqual([confirmation.id]);
    expect((await api(`/api/mcp/confirmations/${confirmation.id}/confirm`, { method: 'POST', role: 'viewer', body: '{}' })).status).toBe(
      403,
    );

    const confirmed = await api(`/api/mcp/confirmations/${confirmation.id}/confirm`, { method: 'POST', role: 'admin', body: '{}' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({
      status: 'confirmed',
      decided_by: 'token:e2e-admin',
      result: { http_status: 200, body: { deleted: true } },
    });
    expect(await handle.ctx.db.prisma.article.count({ where: { id: second } })).toBe(0);
  });

  it('shows every tool call in the admin audit', async () => {
    const res = await api('/api/audit?type=mcp.tool_call&caller=token:e2e-analyst', { role: 'admin' });
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: Array<{ tool: string; outcome: string }> };
    expect(events.map((e) => `${e.tool}:${e.outcome}`).reverse()).toEqual([
      'trigger_workflow:error',
      'trigger_workflow:ok',
      'add_annotation:ok',
      'delete_article:pending_confirmation',
    ]);
    expect((await api('/api/audit', { role: 'analyst' })).status).toBe(403);
  });
});
