/**
 * A year of CTI: seeds a database with N articles, their vectors, executions with stages, queue items and the
 * SigmaHQ reference corpus, then measures p50/p95/p99 of the requests detection engineers make through the
 * running all-in-one service, plus its RSS and the database size. Prints a table per database; asserts nothing.
 *
 * Run: node --import tsx tools/bench/scale.ts [postgres|pglite|both] [--articles N] [--executions N] [--queue N] [--repeat N] [--keep] [--seed-only]
 *      node --import tsx tools/bench/scale.ts --reuse DATABASE_URL|DATA_DIR [--retention-only | --only TEXT]   (measure what a --keep run left)
 * Defaults: 100,000 articles on PostgreSQL (DATABASE_SERVER_URL, local default), 20,000 on the embedded database,
 * 10,000 executions, 20,000 queue items, 40 requests per scenario.
 *
 * How it seeds: the service first ingests and runs the eval fixture articles for real (so every row is shaped by
 * the code that writes it), then SQL multiplies those rows with variations (source, dates, scores, a per-article
 * word, vectors with noise) straight into the database, which is fast. `src/seed-scale.sql` is that SQL.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client } from 'pg';
import { api, directorySize, rssMegabytes, servePages, startService, type RunningService } from './scale/service';
import { countsOf, seedScaleData, type SeedCounts, type SqlRunner } from './scale/seed';
import { pgliteRunner } from './scale/pglite-runner';
import { measureRetention, prepareHeavyArticle, RETENTION_DAYS } from './scale/retention';
import { scenarios, type Scenario } from './scale/scenarios';
import { measureSlowQueries } from './scale/slow-query';

const root = resolve(__dirname, '..', '..');
const corpusDir = resolve(root, '..', 'shared', 'sigma-corpus');

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const which = ['postgres', 'pglite', 'both'].includes(process.argv[2] ?? '') ? (process.argv[2] as string) : 'both';
const repeat = option('repeat', 40);
const executions = option('executions', 10_000);
const queueItems = option('queue', 20_000);
/** --keep leaves the database in place (its URL or data directory is printed) for EXPLAIN or a later --reuse. */
const keep = process.argv.includes('--keep');
/** --seed-only (with --keep) seeds now and measures nothing, so the measuring can wait for a quiet machine. */
const seedOnly = process.argv.includes('--seed-only');
/** --only TEXT measures just the scenarios whose name contains TEXT, and skips retention (while working on one query). */
const only = process.argv.includes('--only') ? (process.argv[process.argv.indexOf('--only') + 1] ?? '') : null;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;

async function warmUp(service: RunningService, pagesUrl: string, pageCount: number): Promise<void> {
  for (let i = 0; i < pageCount; i++) {
    const res = await api(service.url, '/api/scrape-url', { method: 'POST', body: JSON.stringify({ url: `${pagesUrl}/a/${i}` }) });
    if (res.status !== 201) throw new Error(`scrape ${i}: ${res.status} ${await res.text()}`);
    const { article_id: id } = (await res.json()) as { article_id: number };
    const trigger = await api(service.url, `/api/workflow/articles/${id}/trigger?force=true`, { method: 'POST' });
    if (trigger.status !== 202) throw new Error(`trigger ${id}: ${trigger.status} ${await trigger.text()}`);
  }
  for (;;) {
    const summary = (await (await api(service.url, '/api/workflow/executions?limit=1')).json()) as {
      completed: number;
      failed: number;
      running: number;
      pending: number;
    };
    if (summary.running + summary.pending === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const embed = await api(service.url, '/api/scheduled-jobs/embed_new_articles/run', { method: 'POST' });
  if (embed.status !== 200) throw new Error(`embed_new_articles: ${embed.status} ${await embed.text()}`);
}

async function measure(service: RunningService, list: Scenario[]): Promise<Array<{ name: string; times: number[]; status: string }>> {
  const mcp = new McpClient({ name: 'scale-bench', version: '1' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL('/mcp', service.url)));
  const results: Array<{ name: string; times: number[]; status: string }> = [];
  try {
    for (const scenario of list) {
      const times: number[] = [];
      const statuses = new Set<string>();
      for (let i = -3; i < repeat; i++) {
        const started = performance.now();
        statuses.add(await scenario.run({ url: service.url, mcp, i: Math.max(0, i) }));
        if (i >= 0) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.push({ name: scenario.name, times, status: [...statuses].join('/') });
    }
  } finally {
    await mcp.close();
  }
  return results;
}

function printTable(title: string, rows: Array<{ name: string; times: number[]; status: string }>, target: number, footer: string[]): void {
  console.log(`\n${title}`);
  console.log(`${'request'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  status  p95 target`);
  for (const row of rows) {
    const p95 = percentile(row.times, 0.95);
    const rowTarget = row.name.startsWith('dashboard') ? Math.max(target, 250) : target;
    const flag = p95 <= rowTarget ? 'ok' : 'OVER';
    console.log(
      `${row.name.padEnd(44)} ${percentile(row.times, 0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${percentile(row.times, 0.99).toFixed(1).padStart(8)}  ${row.status.padEnd(6)}  ${rowTarget} ms ${flag}`,
    );
  }
  for (const line of footer) console.log(line);
}

/** The PostgreSQL database's size, or the embedded database's files under DATA_DIR. */
async function databaseSizeMb(admin: Client | null, name: string, dataDir: string): Promise<number> {
  const bytes = admin
    ? Number((await admin.query<{ size: string }>('SELECT pg_database_size($1)::text AS size', [name])).rows[0]?.size ?? 0)
    : directorySize(join(dataDir, 'pglite'));
  return bytes / 1024 / 1024;
}

async function measureAndPrint(
  shape: string,
  service: RunningService,
  counts: SeedCounts,
  sizeMb: () => Promise<number>,
  notes: string[],
): Promise<void> {
  const rows = await measure(
    service,
    scenarios(counts).filter((scenario) => only === null || scenario.name.includes(only)),
  );
  printTable(
    `${shape}: ${counts.articles} articles, ${counts.executions} executions, ${counts.queueItems} queue items, ${counts.referenceRules} reference rules (${repeat} requests each, ms)`,
    rows,
    shape.startsWith('PostgreSQL') ? 100 : 250,
    [...notes, `service RSS ${rssMegabytes(service.pid).toFixed(0)} MB after the run; database ${(await sizeMb()).toFixed(0)} MB`],
  );
  if (only === null || 'slow query_sql'.includes(only)) for (const line of await measureSlowQueries(service)) console.log(line);
}

async function runShape(kind: 'postgres' | 'pglite', articles: number, pagesUrl: string, pageCount: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `huntforge-scale-${kind}-`));
  const server = process.env['DATABASE_SERVER_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `huntforge_scale_${randomBytes(4).toString('hex')}`;
  const admin = kind === 'postgres' ? new Client({ connectionString: server }) : null;
  // The bench is one client making thousands of requests a minute: the gateway's rate limits would measure themselves.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_MODE: 'off',
    INGEST_ALLOW_PRIVATE_NETWORKS: 'true',
    INGEST_HOST_DELAY_MS: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_EXPENSIVE_PER_MINUTE: '0',
  };
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    env['DATABASE_URL'] = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  }
  const cli = join(root, 'apps', 'cli', 'bin', 'huntforge.js');
  try {
    let service = await startService(cli, env);
    const seedStarted = performance.now();
    await warmUp(service, pagesUrl, pageCount);
    await service.stop();

    // The corpus first: the seed's closing counts (and its VACUUM ANALYZE) then include it.
    if (existsSync(corpusDir)) {
      execFileSync(process.execPath, [cli, 'sigma', 'index', corpusDir, '--origin', 'sigmahq'], {
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
    }
    const runner = admin ? await pgRunner(env['DATABASE_URL'] as string) : await pgliteRunner(join(dataDir, 'pglite'));
    let counts: SeedCounts;
    try {
      counts = await seedScaleData(runner, { articles, executions, queueItems, log: (line) => console.log(`  ${kind}: ${line}`) });
    } finally {
      await runner.close();
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    if (!seedOnly) {
      const bootStarted = performance.now();
      service = await startService(cli, env);
      const bootSeconds = (performance.now() - bootStarted) / 1000;
      try {
        const sizeMb = () => databaseSizeMb(admin, name, dataDir);
        await measureAndPrint(kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite', service, counts, sizeMb, [
          `seeded in ${seedSeconds.toFixed(0)} s; service ready in ${bootSeconds.toFixed(1)} s`,
        ]);
      } finally {
        await service.stop();
      }
      if (only === null) for (const line of await retentionOnCopy(env, admin ? { admin, name } : null)) console.log(line);
    }
  } finally {
    if (keep) console.log(`kept ${admin ? env['DATABASE_URL'] : dataDir}`);
    else if (admin) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    if (!keep || admin) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pgRunner(url: string): Promise<SqlRunner> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
      return (await client.query(sql, params)).rows as Row[];
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
    close: () => client.end(),
  };
}

/**
 * Retention deletes rows, so it runs last and on a copy (a template database, or a copied data directory):
 * a kept database stays as seeded for the next --reuse.
 */
async function retentionOnCopy(env: Record<string, string>, postgres: { admin: Client; name: string } | null): Promise<string[]> {
  const copy = `${postgres?.name ?? 'pglite'}_retention`;
  const copyEnv: Record<string, string> = { ...env, ARTICLE_RETENTION_DAYS: String(RETENTION_DAYS) };
  if (postgres) {
    await postgres.admin.query(`CREATE DATABASE ${copy} TEMPLATE ${postgres.name}`);
    copyEnv['DATABASE_URL'] = Object.assign(new URL(env['DATABASE_URL'] as string), { pathname: `/${copy}` }).toString();
  } else {
    copyEnv['DATA_DIR'] = `${env['DATA_DIR']}-retention`;
    cpSync(env['DATA_DIR'] as string, copyEnv['DATA_DIR'], { recursive: true });
  }
  try {
    const runner = postgres ? await pgRunner(copyEnv['DATABASE_URL'] as string) : await pgliteRunner(join(copyEnv['DATA_DIR'], 'pglite'));
    const heavy = await prepareHeavyArticle(runner).finally(() => runner.close());
    const service = await startService(join(root, 'apps', 'cli', 'bin', 'huntforge.js'), copyEnv);
    try {
      return ['retention (on a copy of the database):', ...(await measureRetention(service, heavy)).map((line) => `  ${line}`)];
    } finally {
      await service.stop();
    }
  } finally {
    if (postgres) await postgres.admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    else rmSync(copyEnv['DATA_DIR'], { recursive: true, force: true });
  }
}

/** --reuse URL|DIR: measure a database a --keep run left (its migrations are brought up to date by the service). */
async function measureExisting(target: string): Promise<void> {
  const postgres = /^postgres(ql)?:/.test(target);
  const scratch = mkdtempSync(join(tmpdir(), 'huntforge-scale-reuse-'));
  const env: Record<string, string> = {
    DATA_DIR: postgres ? scratch : target,
    AUTH_MODE: 'off',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_EXPENSIVE_PER_MINUTE: '0',
  };
  if (postgres) env['DATABASE_URL'] = target;
  const open = () => (postgres ? pgRunner(target) : pgliteRunner(join(target, 'pglite')));
  const counting = await open();
  const counts = await countsOf(counting).finally(() => counting.close());
  const admin = postgres ? new Client({ connectionString: Object.assign(new URL(target), { pathname: '/postgres' }).toString() }) : null;
  await admin?.connect();
  try {
    if (!process.argv.includes('--retention-only')) {
      const sizeMb = () => databaseSizeMb(admin, postgres ? new URL(target).pathname.slice(1) : '', target);
      const service = await startService(join(root, 'apps', 'cli', 'bin', 'huntforge.js'), env);
      try {
        await measureAndPrint(postgres ? 'PostgreSQL (reused)' : 'embedded PGlite (reused)', service, counts, sizeMb, []);
      } finally {
        await service.stop();
      }
    }
    if (only === null)
      for (const line of await retentionOnCopy(env, admin ? { admin, name: new URL(target).pathname.slice(1) } : null)) console.log(line);
  } finally {
    await admin?.end();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const reuse = process.argv.indexOf('--reuse');
  if (reuse > 0) return measureExisting(process.argv[reuse + 1] as string);
  const { server: pages, url, count } = await servePages(root);
  try {
    if (which === 'postgres' || which === 'both') await runShape('postgres', option('articles', 100_000), url, count);
    if (which === 'pglite' || which === 'both') await runShape('pglite', option('pglite-articles', option('articles', 20_000)), url, count);
  } finally {
    pages.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
