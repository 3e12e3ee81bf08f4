import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describeWithInfra } from '@huntforge/test-kit';
import { seedMcpData, type Seeded } from '../test-support/seed';
import { startFakeService, startMcpHarness, type McpHarness } from '../test-support/harness';

type FakeService = Awaited<ReturnType<typeof startFakeService>>;

/** A tool call the audit does not hold must not run: NUL characters are refused, a failed audit write refuses the call. */
function auditOrRefuse(shape: 'pglite' | 'postgres'): void {
  let services: FakeService;
  let harness: McpHarness;
  let seeded: Seeded;
  let analyst: Client;

  const auditRows = (tool: string) => harness.ctx.db.prisma.auditEvent.findMany({ where: { tool }, orderBy: { id: 'asc' } });
  /** The text of a refusal, whether the SDK client throws it or returns it as an error result. */
  const refusal = async (call: Promise<unknown>): Promise<string> => {
    let result: { isError?: boolean; content?: Array<{ text?: string }> };
    try {
      result = (await call) as typeof result;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    expect(result.isError).toBe(true);
    return (result.content ?? []).map((part) => part.text ?? '').join(' ');
  };

  beforeAll(async () => {
    services = await startFakeService();
    harness = await startMcpHarness({
      db: shape,
      env: { INGESTION_URL: services.url, WORKFLOW_URL: services.url, CONTENT_FILTER_URL: services.url, SIGMA_QUEUE_URL: services.url },
    });
    seeded = await seedMcpData(harness.ctx.db.prisma);
    analyst = await harness.client(await harness.token('analyst', 'agent'));
  }, 120_000);
  afterAll(async () => {
    await harness.dispose();
    await services.close();
  });
  beforeEach(() => {
    services.requests.length = 0;
  });

  it('refuses a call with a NUL character in any argument (even one the tool ignores) before it runs, and audits the refusal', async () => {
    const [articleId] = seeded.articleIds;
    const text = await refusal(analyst.callTool({ name: 'trigger_workflow', arguments: { article_id: articleId, comment: 'x\u0000y' } }));
    expect(text).toMatch(/NUL/);
    expect(services.requests).toHaveLength(0);
    const rows = await auditRows('trigger_workflow');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'error', payload: expect.objectContaining({ error_code: 'invalid_arguments' }) });
    expect(JSON.stringify(rows[0]?.payload)).toContain('x\\\\u0000y');
  });

  it('refuses a NUL character in a high-risk request too, filing nothing', async () => {
    const [articleId] = seeded.articleIds;
    await refusal(analyst.callTool({ name: 'delete_article', arguments: { article_id: articleId, reason: 'dup\u0000' } }));
    expect(await harness.ctx.db.prisma.mcpConfirmationRequest.count()).toBe(0);
    expect(await auditRows('delete_article')).toHaveLength(1);
  });

  it('refuses every call, read or write, whose audit cannot be written', async () => {
    const [articleId] = seeded.articleIds;
    await harness.ctx.db.prisma.$executeRawUnsafe('ALTER TABLE audit_events ADD CONSTRAINT audit_closed CHECK (false) NOT VALID');
    try {
      const write = await refusal(analyst.callTool({ name: 'trigger_workflow', arguments: { article_id: articleId, force: true } }));
      expect(write).toMatch(/audit/i);
      expect(services.requests).toHaveLength(0);
      const read = await refusal(analyst.callTool({ name: 'list_sources', arguments: {} }));
      expect(read).toMatch(/audit/i);
      await refusal(analyst.callTool({ name: 'delete_article', arguments: { article_id: articleId, reason: 'duplicate' } }));
      expect(await harness.ctx.db.prisma.mcpConfirmationRequest.count()).toBe(0);
    } finally {
      await harness.ctx.db.prisma.$executeRawUnsafe('ALTER TABLE audit_events DROP CONSTRAINT audit_closed');
    }
    const ok = (await analyst.callTool({ name: 'list_sources', arguments: {} })) as { isError?: boolean };
    expect(ok.isError).toBeFalsy();
  });
}

describe('MCP audit-or-refuse on the embedded database', () => auditOrRefuse('pglite'));
describeWithInfra('postgres')('MCP audit-or-refuse on PostgreSQL', () => auditOrRefuse('postgres'));
