/**
 * MCP tool server: statement-checker throughput, and tool-call latency over Streamable HTTP (official SDK
 * client) on an in-memory PGlite holding N synthetic articles. Prints figures; asserts nothing.
 * Run: node --import tsx tools/bench/mcp-tools.ts [articles] [--fts-index]
 * --fts-index adds the GIN expression index text search would use (the articles table has none yet).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createInProcessBus } from '@huntforge/bus';
import { createDb, createSettingsReader, migrateDb } from '@huntforge/data';
import { createHttpApp, createLogger, createScheduler, finalizeHttpApp, loadConfig } from '@huntforge/platform';
import { checkStatement, createMcpModule, hashToken, loadSqlParser } from '@huntforge/service-mcp';

const QUERIES = [
  'SELECT id, title FROM articles ORDER BY id DESC LIMIT 20',
  "WITH recent AS (SELECT a.id, s.identifier FROM articles a JOIN sources s ON s.id = a.source_id WHERE a.title ILIKE '%power%') SELECT identifier, count(*) FROM recent GROUP BY identifier",
  'SELECT 1; DELETE FROM articles /* refused */',
  "SELECT status, count(*) FROM workflow_executions WHERE created_at > now() - interval '7 days' GROUP BY status",
];

function checkerThroughput(): void {
  const rounds = 50_000;
  const started = performance.now();
  let accepted = 0;
  for (let i = 0; i < rounds; i++) if (checkStatement(QUERIES[i % QUERIES.length] as string).ok) accepted++;
  const ms = performance.now() - started;
  console.log(
    `statement checker: ${rounds} statements in ${ms.toFixed(0)} ms → ${Math.round((rounds / ms) * 1000)} /s (${accepted} accepted)`,
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function toolLatency(articleCount: number, withIndex: boolean): Promise<void> {
  const db = await createDb({ inMemory: true });
  await migrateDb(db);
  const logger = createLogger({ level: 'silent', service: 'bench' });
  const config = loadConfig({ AUTH_MODE: 'off' }, { shape: 'all-in-one', service: 'mcp-bench' });
  const bus = createInProcessBus({ logger });
  const scheduler = createScheduler({ logger, locks: db.repos.jobLocks, runs: db.repos.jobRuns, holder: 'bench' });
  const module = createMcpModule(
    { config, db, bus, logger, scheduler, settings: createSettingsReader(db.prisma, { env: {} }) },
    { env: {} },
  );
  const app = createHttpApp({ logger, serviceName: 'mcp' });
  if (module.http) app.use(module.http.router);
  finalizeHttpApp(app);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const source = await db.prisma.source.create({
    data: { identifier: 'bench', name: 'Bench', url: 'https://bench.example.test', kind: 'rss' },
  });
  const words = ['powershell', 'encoded', 'ransomware', 'driver', 'schtasks', 'persistence', 'lateral', 'certutil', 'phishing', 'loader'];
  const rows = Array.from({ length: articleCount }, (_, i) => {
    // Common words everywhere; one campaign word per article shared by 2% of them, so a search is selective.
    const content = `${Array.from({ length: 300 }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' ')} campaign${i % 50}`;
    return {
      sourceId: source.id,
      canonicalUrl: `https://bench.example.test/${i}`,
      url: `https://bench.example.test/${i}`,
      title: `Report ${i} ${words[i % words.length]}`,
      content,
      contentHash: createHash('sha256').update(`${i}${content}`).digest('hex'),
      simhash: BigInt(i),
      simhashBands: [i],
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.prisma.article.createMany({ data: rows.slice(i, i + 500) });
  if (withIndex)
    await db.prisma.$executeRawUnsafe(
      `CREATE INDEX bench_articles_fts ON articles USING gin (to_tsvector('english', title || ' ' || content))`,
    );
  const token = `hf_${randomBytes(24).toString('base64url')}`;
  await db.repos.apiTokens.create({ name: 'bench', role: 'analyst', tokenHash: hashToken(token), prefix: token.slice(0, 7) });

  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  const calls: Array<[string, Record<string, unknown>]> = [
    ['get_stats', {}],
    ['search_articles', { query: 'campaign7 ransomware', limit: 10 }],
    ['query_sql', { sql: 'SELECT source_id, count(*) FROM articles GROUP BY source_id' }],
    ['list_sources', {}],
  ];
  console.log(
    `tool latency over HTTP, ${articleCount} articles${withIndex ? ' + full-text GIN index' : ''} (PGlite in memory, audit row written per call):`,
  );
  for (const [name, args] of calls) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await client.callTool({ name, arguments: args });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(16)} median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`);
  }
  await client.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await bus.close();
  await db.close();
}

async function main(): Promise<void> {
  await loadSqlParser();
  checkerThroughput();
  const args = process.argv.slice(2);
  const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 2000);
  await toolLatency(count, args.includes('--fts-index'));
}

void main();
