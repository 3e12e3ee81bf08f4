import { createExecution } from '@huntforge/service-testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DRL_LICENSE_NAME, MCP_HIGH_RISK_TOOLS, MCP_LOW_RISK_TOOLS, MCP_READ_TOOLS } from '@huntforge/contracts/mcp';
import { QUEUE_RULE_YAML, REFERENCE_RULES, seedMcpData, type Seeded } from '../test-support/seed';
import { startMcpHarness, structured, toolError, type McpHarness } from '../test-support/harness';

describe('MCP read tools over Streamable HTTP (official SDK client)', () => {
  let harness: McpHarness;
  let seeded: Seeded;
  let client: Client;

  beforeAll(async () => {
    harness = await startMcpHarness();
    seeded = await seedMcpData(harness.ctx.db.prisma);
    client = await harness.client(await harness.token('analyst', 'reader'));
    // Migrating and seeding the embedded database is slow on a busy machine.
  }, 180_000);
  afterAll(() => harness.dispose());

  it('does not promise tools/list_changed notifications it never sends', () => {
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.tools).toBeDefined();
    expect(capabilities?.tools?.listChanged).not.toBe(true);
  });

  it('lists every tool with a description, input and output schema and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_READ_TOOLS, ...MCP_LOW_RISK_TOOLS, ...MCP_HIGH_RISK_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toEqual(
        expect.objectContaining({
          readOnlyHint: expect.any(Boolean),
          destructiveHint: expect.any(Boolean),
          idempotentHint: expect.any(Boolean),
        }),
      );
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('query_sql')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('delete_article')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('search_articles finds by text, pages with a cursor and says when it is truncated', async () => {
    const first = structured<{
      mode: string;
      items: Array<{ article_id: number; snippet: string }>;
      next_cursor: string | null;
      truncated: boolean;
    }>(await client.callTool({ name: 'search_articles', arguments: { query: 'powershell OR ransomware', limit: 1 } }));
    expect(first.mode).toBe('text');
    expect(first.items).toHaveLength(1);
    expect(first.truncated).toBe(true);
    const second = structured<{ items: Array<{ article_id: number }>; next_cursor: string | null; truncated: boolean }>(
      await client.callTool({
        name: 'search_articles',
        arguments: { query: 'powershell OR ransomware', limit: 1, cursor: first.next_cursor },
      }),
    );
    expect(second.items).toHaveLength(1);
    expect(second.truncated).toBe(false);
    expect(new Set([first.items[0]?.article_id, second.items[0]?.article_id])).toEqual(new Set(seeded.articleIds.slice(0, 2)));
    expect(first.items[0]?.snippet.length).toBeGreaterThan(10);
  });

  it('search_articles semantic ranks articles by embedding', async () => {
    const semantic = async (query: string) =>
      structured<{ mode: string; note: string | null; items: Array<{ article_id: number; score: number }> }>(
        await client.callTool({ name: 'search_articles', arguments: { query, mode: 'semantic' } }),
      );
    const powershell = await semantic('encoded powershell command line and scheduled tasks');
    expect(powershell.mode).toBe('semantic');
    expect(powershell.items.map((item) => item.article_id)).toEqual([seeded.articleIds[0], seeded.articleIds[1]]);
    expect(powershell.items[0]?.score ?? 0).toBeGreaterThan(powershell.items[1]?.score ?? 1);
    const driver = await semantic('ransomware loads a vulnerable kernel driver');
    expect(driver.items[0]?.article_id).toBe(seeded.articleIds[1]);
  });

  it('refuses a cursor it did not issue', async () => {
    const error = toolError(await client.callTool({ name: 'search_articles', arguments: { query: 'x', cursor: 'bm9wZQ' } }));
    expect(error.code).toBe('invalid_cursor');
  });

  it('get_article slices long content and says so', async () => {
    const article = structured<{
      title: string;
      content: string;
      content_truncated: boolean;
      next_content_offset: number | null;
      content_length: number;
      annotation_count: number;
      executions: unknown[];
    }>(await client.callTool({ name: 'get_article', arguments: { article_id: seeded.articleIds[0], max_content_chars: 200 } }));
    expect(article.content).toHaveLength(200);
    expect(article.content_truncated).toBe(true);
    expect(article.next_content_offset).toBe(200);
    expect(article.content_length).toBeGreaterThan(200);
    expect(article.annotation_count).toBe(1);
    expect(article.executions).toHaveLength(1);
    expect(toolError(await client.callTool({ name: 'get_article', arguments: { article_id: 999_999 } })).code).toBe('not_found');
  });

  it('search_sigma_rules filters by technique and logsource and attributes reference rules', async () => {
    const byTechnique = structured<{
      items: Array<{ kind: string; title: string; attribution?: { author: string; license_name: string; notice: string } }>;
    }>(await client.callTool({ name: 'search_sigma_rules', arguments: { technique: 'T1059' } }));
    expect(byTechnique.items.map((item) => `${item.kind}:${item.title}`)).toEqual([
      'reference:Encoded PowerShell Command Line',
      'queue:PowerShell Encoded Command From Office',
    ]);
    const reference = byTechnique.items[0];
    expect(reference?.attribution).toMatchObject({ author: 'Test Author One', license_name: DRL_LICENSE_NAME });
    expect(reference?.attribution?.notice).toContain('Detection Rule License (DRL) 1.1');

    const byLogsource = structured<{ items: Array<{ title: string }> }>(
      await client.callTool({
        name: 'search_sigma_rules',
        arguments: { scope: 'reference', query: 'schtasks', logsource: { product: 'windows', category: 'process_creation' } },
      }),
    );
    expect(byLogsource.items.map((item) => item.title)).toEqual(['Scheduled Task Created With Schtasks']);
    const paged = structured<{ items: unknown[]; truncated: boolean; next_cursor: string }>(
      await client.callTool({ name: 'search_sigma_rules', arguments: { limit: 3 } }),
    );
    expect(paged.items).toHaveLength(3);
    expect(paged.truncated).toBe(true);
    const rest = structured<{ items: Array<{ title: string }>; truncated: boolean }>(
      await client.callTool({ name: 'search_sigma_rules', arguments: { limit: 3, cursor: paged.next_cursor } }),
    );
    expect(rest.items).toHaveLength(1);
    expect(rest.truncated).toBe(false);
  });

  it('get_sigma_rule returns YAML with attribution for reference rules', async () => {
    const reference = structured<{ yaml: string; attribution: { author: string; license: string } }>(
      await client.callTool({ name: 'get_sigma_rule', arguments: { rule_id: REFERENCE_RULES[1].ruleId } }),
    );
    expect(reference.yaml).toContain('schtasks.exe');
    expect(reference?.attribution).toMatchObject({ author: 'Test Author Two', license: 'DRL-1.1' });
    const queued = structured<{ kind: string; yaml: string; attribution: null }>(
      await client.callTool({ name: 'get_sigma_rule', arguments: { queue_id: seeded.queueIds[0] } }),
    );
    expect(queued).toMatchObject({ kind: 'queue', yaml: QUEUE_RULE_YAML, attribution: null });
    expect(toolError(await client.callTool({ name: 'get_sigma_rule', arguments: {} })).code).toBe('invalid_arguments');
  });

  it('find_similar_sigma_rules ranks the closest reference rule first, with attribution', async () => {
    const similar = structured<{
      items: Array<{ rule_id: string; similarity: number; attribution: { author: string; notice: string } }>;
      candidates_considered: number;
    }>(await client.callTool({ name: 'find_similar_sigma_rules', arguments: { yaml: QUEUE_RULE_YAML } }));
    expect(similar.items[0]).toMatchObject({ rule_id: REFERENCE_RULES[0].ruleId, attribution: { author: 'Test Author One' } });
    expect(similar.items[0]?.similarity).toBeGreaterThan(0.3);
    expect(similar.items.every((item) => item.attribution.notice.includes('DRL'))).toBe(true);
    expect(toolError(await client.callTool({ name: 'find_similar_sigma_rules', arguments: { yaml: 'not: [a rule' } })).code).toBe(
      'invalid_arguments',
    );
  });

  it('list_sources, list_workflow_executions and get_workflow_execution read the seeded rows', async () => {
    const sources = structured<{ items: Array<{ identifier: string; article_count: number }> }>(
      await client.callTool({ name: 'list_sources', arguments: { active: true } }),
    );
    expect(sources.items).toEqual([expect.objectContaining({ identifier: 'test-labs', article_count: 2 })]);

    const failed = structured<{ items: Array<{ status: string; termination_reason: string }> }>(
      await client.callTool({ name: 'list_workflow_executions', arguments: { status: 'failed' } }),
    );
    expect(failed.items).toEqual([expect.objectContaining({ status: 'failed', termination_reason: 'error' })]);

    const execution = structured<{
      extraction_result: { observables: unknown[] };
      stages: Array<{ stage: string }>;
      sigma_rule_count: number;
    }>(await client.callTool({ name: 'get_workflow_execution', arguments: { execution_id: seeded.executionId } }));
    expect(execution.extraction_result.observables).toHaveLength(1);
    expect(execution.stages.map((stage) => stage.stage)).toEqual(['ranking', 'extraction']);
    expect(execution.sigma_rule_count).toBe(1);
  });

  it('get_execution_stix exports a run as a STIX 2.1 bundle, and says not_found for an unknown run', async () => {
    const bundle = structured<{
      type: string;
      objects: Array<{ type: string; spec_version: string; name?: string; object_refs?: string[] }>;
    }>(await client.callTool({ name: 'get_execution_stix', arguments: { execution_id: seeded.executionId } }));
    expect(bundle.type).toBe('bundle');
    expect(bundle.objects.map((object) => object.type).sort()).toEqual(['identity', 'report']);
    expect(bundle.objects.every((object) => object.spec_version === '2.1')).toBe(true);
    const article = await harness.ctx.db.prisma.workflowExecution.findUniqueOrThrow({
      where: { id: seeded.executionId },
      select: { article: { select: { title: true } } },
    });
    expect(bundle.objects.find((object) => object.type === 'report')?.name).toBe(article.article.title);
    expect(toolError(await client.callTool({ name: 'get_execution_stix', arguments: { execution_id: 987654 } })).code).toBe('not_found');
  });

  it('get_article_coverage says what the corpus already detects in an article, from its latest run', async () => {
    const articleId = seeded.articleIds[0] as number;
    const missing = toolError(await client.callTool({ name: 'get_article_coverage', arguments: { article_id: articleId } }));
    expect(missing.code).toBe('not_found');
    const coverage = {
      corpus_rules: 3754,
      covered: [
        {
          observable: 'cmdline: whoami /all',
          rules: [
            {
              rule_id: 'r-1',
              title: 'Whoami Execution',
              author: 'Someone',
              license: 'DRL-1.1',
              origin: 'sigmahq',
              path: 'rules/whoami.yml',
              level: 'low',
            },
          ],
        },
      ],
      uncovered: ['domain: c2.example.net'],
    };
    const prisma = harness.ctx.db.prisma;
    const older = await createExecution(prisma, articleId, { status: 'completed', corpusCoverage: { ...coverage, uncovered: [] } });
    const latest = await createExecution(prisma, articleId, { status: 'completed', corpusCoverage: coverage, finishedAt: new Date() });
    const result = structured<{ execution_id: number; covered: unknown[]; uncovered: string[]; corpus_rules: number }>(
      await client.callTool({ name: 'get_article_coverage', arguments: { article_id: articleId } }),
    );
    expect(result).toMatchObject({
      execution_id: latest.id,
      corpus_rules: 3754,
      covered: coverage.covered,
      uncovered: ['domain: c2.example.net'],
    });
    expect(result.execution_id).not.toBe(older.id);
    await prisma.workflowExecution.deleteMany({ where: { id: { in: [older.id, latest.id] } } });
  });

  it('list_sigma_queue and get_queue_item show queue rules, with attribution on the similar reference rules', async () => {
    const approved = structured<{ items: Array<{ title: string }> }>(
      await client.callTool({ name: 'list_sigma_queue', arguments: { status: 'approved' } }),
    );
    expect(approved.items.map((item) => item.title)).toEqual(['Approved Linux Rule']);
    const item = structured<{
      yaml: string;
      similar_rules: Array<{ rule_id: string; attribution: { author: string; license_name: string } }>;
    }>(await client.callTool({ name: 'get_queue_item', arguments: { queue_id: seeded.queueIds[0] } }));
    expect(item.yaml).toBe(QUEUE_RULE_YAML);
    expect(item.similar_rules).toEqual([
      expect.objectContaining({
        rule_id: REFERENCE_RULES[0].ruleId,
        attribution: expect.objectContaining({ author: 'Test Author One', license_name: DRL_LICENSE_NAME }),
      }),
    ]);
  });

  it('get_stats, list_tables and describe_table summarise the database without its secret tables', async () => {
    const stats = structured<{
      articles: { total: number; embedded: number };
      executions: Record<string, number>;
      sigma_queue: Record<string, number>;
      current_model_version: number;
    }>(await client.callTool({ name: 'get_stats', arguments: {} }));
    expect(stats).toMatchObject({
      articles: { total: 3, embedded: 2 },
      executions: { completed: 1, failed: 1 },
      sigma_queue: { pending: 1, approved: 1 },
      current_model_version: 3,
    });

    const { tables } = structured<{ tables: Array<{ name: string }> }>(await client.callTool({ name: 'list_tables', arguments: {} }));
    const names = tables.map((table) => table.name);
    expect(names).toEqual(expect.arrayContaining(['articles', 'sigma_reference_rules', 'workflow_executions']));
    for (const secret of ['settings', 'api_tokens', 'mcp_confirmation_requests', 'audit_events']) expect(names).not.toContain(secret);

    const described = structured<{ columns: Array<{ name: string; type: string }> }>(
      await client.callTool({ name: 'describe_table', arguments: { table: 'articles' } }),
    );
    expect(described.columns).toEqual(
      expect.arrayContaining([
        { name: 'title', type: 'text', nullable: false, default: null },
        expect.objectContaining({ name: 'embedding', type: 'vector' }),
      ]),
    );
    expect(toolError(await client.callTool({ name: 'describe_table', arguments: { table: 'api_tokens' } })).code).toBe('not_found');
  });

  it('query_sql answers a read-only query and flags truncation at max_rows', async () => {
    const result = structured<{ columns: string[]; rows: Array<Record<string, unknown>>; truncated: boolean; row_count: number }>(
      await client.callTool({ name: 'query_sql', arguments: { sql: 'SELECT id, title FROM articles ORDER BY id', max_rows: 2 } }),
    );
    expect(result.columns).toEqual(['id', 'title']);
    expect(result.rows.map((row) => row['id'])).toEqual(seeded.articleIds.slice(0, 2));
    expect(result).toMatchObject({ truncated: true, row_count: 2 });
    expect(toolError(await client.callTool({ name: 'query_sql', arguments: { sql: 'SELECT * FROM api_tokens' } })).code).toBe(
      'sql_refused',
    );
  });

  it('query_sql on the embedded database refuses, before running it, a plan that would hold up every other request', async () => {
    const costly = toolError(
      await client.callTool({
        name: 'query_sql',
        arguments: {
          sql: 'SELECT count(*) FROM articles a CROSS JOIN articles b CROSS JOIN sigma_rule_atoms c CROSS JOIN sigma_rule_atoms d',
        },
      }),
    );
    expect(costly.code).toBe('sql_too_costly');
    expect(costly.message).toMatch(/estimated cost \([\d,]+\) is above 100,000/);
    // An everyday report over the same tables still runs.
    const cheap = structured<{ rows: Array<{ n: number }> }>(
      await client.callTool({ name: 'query_sql', arguments: { sql: 'SELECT count(*)::int AS n FROM articles' } }),
    );
    expect(cheap.rows).toEqual([{ n: seeded.articleIds.length }]);
  });

  it("validate_sigma_rule answers the validator's findings without storing anything", async () => {
    const good = structured<{ valid: boolean; findings: Array<{ id: string; severity: string }> }>(
      await client.callTool({ name: 'validate_sigma_rule', arguments: { yaml: QUEUE_RULE_YAML } }),
    );
    expect(good.valid).toBe(true);
    expect(good.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    const broken = QUEUE_RULE_YAML.replace("CommandLine|contains: ' -enc '", "CommandLine|containz: ' -enc '");
    const bad = structured<{ valid: boolean; findings: Array<{ id: string; severity: string; path: string }> }>(
      await client.callTool({ name: 'validate_sigma_rule', arguments: { yaml: broken } }),
    );
    expect(bad.valid).toBe(false);
    expect(bad.findings).toContainEqual(
      expect.objectContaining({ id: 'unknown_modifier', severity: 'error', path: expect.stringContaining('CommandLine|containz') }),
    );
    const unparsable = structured<{ valid: boolean; findings: Array<{ id: string }> }>(
      await client.callTool({ name: 'validate_sigma_rule', arguments: { yaml: 'title: [' } }),
    );
    expect(unparsable).toMatchObject({ valid: false, findings: [expect.objectContaining({ id: 'yaml_syntax' })] });
  });

  it('convert_sigma_rule answers the queries of the default or named targets, and refuses unknown targets and non-rules', async () => {
    type Converted = { results: Array<{ target: string; pipelines: string[]; queries: string[]; error: { kind: string } | null }> };
    const defaults = structured<Converted>(await client.callTool({ name: 'convert_sigma_rule', arguments: { yaml: QUEUE_RULE_YAML } }));
    expect(defaults.results.map((result) => result.target)).toEqual(['splunk', 'kusto', 'lucene']);
    expect(defaults.results[0]?.queries).toEqual(['Image="*\\\\powershell.exe" CommandLine="* -enc *"']);
    const xdr = structured<Converted>(
      await client.callTool({
        name: 'convert_sigma_rule',
        arguments: { yaml: QUEUE_RULE_YAML, targets: [{ target: 'kusto', pipelines: ['microsoft_xdr'] }] },
      }),
    );
    expect(xdr.results).toEqual([
      {
        target: 'kusto',
        pipelines: ['microsoft_xdr'],
        output_format: null,
        error: null,
        queries: ['DeviceProcessEvents\n| where FolderPath endswith "\\\\powershell.exe" and ProcessCommandLine contains " -enc "'],
      },
    ]);
    expect(
      toolError(
        await client.callTool({ name: 'convert_sigma_rule', arguments: { yaml: QUEUE_RULE_YAML, targets: [{ target: 'arcsight' }] } }),
      ).code,
    ).toBe('unknown_target');
    expect(
      toolError(
        await client.callTool({
          name: 'convert_sigma_rule',
          arguments: { yaml: QUEUE_RULE_YAML, targets: [{ target: 'kusto', pipelines: ['nope'] }] },
        }),
      ).code,
    ).toBe('unknown_pipeline');
    expect(toolError(await client.callTool({ name: 'convert_sigma_rule', arguments: { yaml: 'title: [' } })).code).toBe('invalid_sigma');
  });

  it('article_keywords locates each matched hunt-score keyword in the content with a snippet', async () => {
    type Keywords = {
      article_id: number;
      hunt_score: number;
      keywords: Array<{
        tier: string;
        keyword: string;
        count: number;
        positions: Array<{ start: number; end: number; snippet: string }>;
        positions_truncated: boolean;
      }>;
    };
    const article = structured<Keywords>(
      await client.callTool({ name: 'article_keywords', arguments: { article_id: seeded.articleIds[0], context_chars: 10 } }),
    );
    expect(article).toMatchObject({ article_id: seeded.articleIds[0], hunt_score: 88.5 });
    expect(article.keywords.map((k) => [k.tier, k.keyword])).toEqual([
      ['perfect', '-enc'],
      ['perfect', 'schtasks'],
    ]);
    const { content } = await harness.ctx.db.prisma.article.findUniqueOrThrow({ where: { id: seeded.articleIds[0] as number } });
    for (const keyword of article.keywords) {
      expect(keyword.count).toBeGreaterThan(0);
      for (const position of keyword.positions) {
        expect(content.slice(position.start, position.end).toLowerCase()).toBe(keyword.keyword);
        expect(position.snippet).toContain(content.slice(position.start, position.end));
        expect(position.snippet.replace(/…/g, '').length).toBeLessThanOrEqual(keyword.keyword.length + 20);
      }
    }
    const one = structured<Keywords>(
      await client.callTool({
        name: 'article_keywords',
        arguments: { article_id: seeded.articleIds[0], keyword: 'SCHTASKS', max_positions: 1 },
      }),
    );
    expect(one.keywords).toEqual([expect.objectContaining({ keyword: 'schtasks', positions: [expect.any(Object)] })]);
    expect(
      structured<Keywords>(await client.callTool({ name: 'article_keywords', arguments: { article_id: seeded.articleIds[2] } })).keywords,
    ).toEqual([]);
    expect(toolError(await client.callTool({ name: 'article_keywords', arguments: { article_id: 999_999 } })).code).toBe('not_found');
  });

  it('search_unified ranks articles and Sigma rules in one list, reference rules with attribution', async () => {
    type Unified = {
      items: Array<{
        kind: string;
        article_id: number | null;
        rule_id: string | null;
        queue_id: number | null;
        title: string;
        score: number;
        attribution: { author: string | null } | null;
      }>;
      articles_matched: number;
      rules_matched: number;
    };
    const result = structured<Unified>(await client.callTool({ name: 'search_unified', arguments: { query: 'powershell encoded' } }));
    expect(result.items.map((item) => item.kind).sort()).toEqual(['article', 'queue_rule', 'reference_rule']);
    expect(result.items.find((item) => item.kind === 'article')?.article_id).toBe(seeded.articleIds[0]);
    expect(result.items.find((item) => item.kind === 'reference_rule')).toMatchObject({
      rule_id: REFERENCE_RULES[0].ruleId,
      attribution: { author: 'Test Author One' },
    });
    expect(result.items.find((item) => item.kind === 'queue_rule')).toMatchObject({ queue_id: seeded.queueIds[0], attribution: null });
    const scores = result.items.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(result.items.map((item) => item.title)).not.toContain('Scheduled Task Created With Schtasks');
    const one = structured<Unified>(
      await client.callTool({ name: 'search_unified', arguments: { query: 'powershell encoded', limit: 1 } }),
    );
    expect(one.items).toHaveLength(1);
  });

  it('wait_for_execution reports progress while a run goes on and answers when it finishes', async () => {
    const prisma = harness.ctx.db.prisma;
    const run = await createExecution(prisma, seeded.articleIds[1] as number, { status: 'running' });
    const updates: Array<{ progress: number; message?: string }> = [];
    let firstUpdate: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (firstUpdate = resolve));
    const waiting = client.callTool({ name: 'wait_for_execution', arguments: { execution_id: run.id, timeout_seconds: 60 } }, undefined, {
      onprogress: (update) => {
        updates.push({ progress: update.progress, message: update.message });
        firstUpdate();
      },
    });
    await started;
    await prisma.executionStage.create({ data: { executionId: run.id, stage: 'ranking', status: 'completed', durationMs: 5 } });
    await prisma.workflowExecution.update({ where: { id: run.id }, data: { status: 'completed', finishedAt: new Date() } });
    const result = structured<{ finished: boolean; stages_done: number; execution: { status: string } }>(await waiting);
    expect(result).toMatchObject({ finished: true, stages_done: 1, execution: { status: 'completed' } });
    expect(updates[0]).toMatchObject({ progress: 0, message: expect.stringContaining('running') });
    expect(updates[updates.length - 1]).toMatchObject({ progress: 1, message: expect.stringContaining('completed') });

    const stuck = await createExecution(prisma, seeded.articleIds[1] as number, { status: 'running' });
    const timedOut = structured<{ finished: boolean; execution: { status: string } }>(
      await client.callTool({ name: 'wait_for_execution', arguments: { execution_id: stuck.id, timeout_seconds: 1 } }),
    );
    expect(timedOut).toMatchObject({ finished: false, execution: { status: 'running' } });
    await prisma.workflowExecution.deleteMany({ where: { id: { in: [run.id, stuck.id] } } });
  });

  // Last: it removes the embeddings the tests above rely on.
  it('search_articles semantic falls back to text, saying so, when no article is embedded', async () => {
    await harness.ctx.db.prisma.$executeRawUnsafe('UPDATE articles SET embedding = NULL');
    const fallback = structured<{ mode: string; note: string | null; items: Array<{ article_id: number }> }>(
      await client.callTool({ name: 'search_articles', arguments: { query: 'ransomware', mode: 'semantic' } }),
    );
    expect(fallback.mode).toBe('text');
    expect(fallback.note).toContain('used text search instead');
    expect(fallback.items.map((item) => item.article_id)).toEqual([seeded.articleIds[1]]);
  });
});

describe('semantic search with an embedder that cannot run', () => {
  it('falls back to text search and says why', async () => {
    const harness = await startMcpHarness({ env: { EMBEDDING_PROVIDER: 'openai' } });
    try {
      await seedMcpData(harness.ctx.db.prisma);
      const client = await harness.client(await harness.token('viewer'));
      const result = structured<{ mode: string; note: string; items: unknown[] }>(
        await client.callTool({ name: 'search_articles', arguments: { query: 'ransomware', mode: 'semantic' } }),
      );
      expect(result).toMatchObject({ mode: 'text', note: expect.stringContaining('OPENAI_API_KEY') });
      expect(result.items).toHaveLength(1);
    } finally {
      await harness.dispose();
    }
  });
});
