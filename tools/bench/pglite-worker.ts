// The embedded database on the main thread (PGlite as before) next to PGlite in a worker thread (the
// driver now), on a data directory as `npm start` uses it. Prints, never asserts:
//  (a) /health/live latency of an HTTP server in this same process while a deliberately slow query runs;
//  (b) the cost of the worker hop for small queries: SELECT 1 and an indexed select by primary key;
//  (c) a slow query under SET LOCAL statement_timeout, which PGlite itself ignores.
// Run: node --import tsx tools/bench/pglite-worker.ts   (SLOW_ROWS sizes the slow query, QUERIES the small ones)
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The driver's thread itself, not the Db around it: the bench compares the engine with and without the hop.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { PgliteThread } from '../../libs/data/src/drivers/pglite-thread/pglite-thread';

const slowRows = Number(process.env['SLOW_ROWS'] ?? 15_000_000);
const smallQueries = Number(process.env['QUERIES'] ?? 2000);
const SLOW_QUERY = `SELECT count(*) AS n FROM generate_series(1, ${slowRows}) AS g`;

/** What both engines offer for this bench (PGlite's own API, which PgliteThread mirrors). */
interface Engine {
  query(sql: string, params?: unknown[]): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(work: (tx: { query(sql: string): Promise<unknown>; exec(sql: string): Promise<unknown> }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function openEngine(kind: 'main thread' | 'worker thread', dataDir: string): Promise<Engine> {
  if (kind === 'worker thread') return PgliteThread.open(dataDir);
  const db = new PGlite(dataDir, { extensions: { vector } });
  await db.waitReady;
  return db;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summary(samples: number[], digits = 1): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(digits);
  return `p50 ${f(percentile(sorted, 50))} ms, p95 ${f(percentile(sorted, 95))} ms, max ${f(sorted[sorted.length - 1] ?? Number.NaN)} ms (n=${samples.length})`;
}

function startHealthServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/health/live' ? 200 : 404, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/health/live` })),
  );
}

/** Probes /health/live one request after another for as long as `running` is pending. */
async function probeWhile(url: string, running: Promise<unknown>): Promise<number[]> {
  let done = false;
  void running.finally(() => (done = true)).catch(() => undefined);
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    await (await fetch(url)).text();
    latencies.push(performance.now() - started);
    await new Promise((ok) => setTimeout(ok, 10));
  }
  return latencies;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function smallQueryCosts(engine: Engine): Promise<{ selectOne: number[]; byKey: number[] }> {
  await engine.exec(`
    CREATE TABLE IF NOT EXISTS bench_items (id serial PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO bench_items (name) SELECT 'item ' || g FROM generate_series(1, 10000) AS g WHERE NOT EXISTS (SELECT 1 FROM bench_items);
  `);
  for (let i = 0; i < 100; i += 1) await engine.query('SELECT 1'); // warm up
  const selectOne: number[] = [];
  const byKey: number[] = [];
  for (let i = 0; i < smallQueries; i += 1) {
    selectOne.push(await timed(() => engine.query('SELECT 1')));
    byKey.push(await timed(() => engine.query('SELECT id, name, created_at FROM bench_items WHERE id = $1', [1 + (i % 10000)])));
  }
  return { selectOne, byKey };
}

async function benchEngine(kind: 'main thread' | 'worker thread', healthUrl: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'huntforge-bench-pglite-'));
  try {
    const engine = await openEngine(kind, dataDir);
    try {
      const idle = await probeWhile(healthUrl, new Promise((ok) => setTimeout(ok, 1000)));
      const slow = engine.query(SLOW_QUERY);
      const slowStarted = performance.now();
      const busy = await probeWhile(healthUrl, slow);
      const slowMs = performance.now() - slowStarted;
      const { selectOne, byKey } = await smallQueryCosts(engine);
      const limited = performance.now();
      const limitOutcome = await engine
        .transaction(async (tx) => {
          await tx.exec("SET LOCAL statement_timeout = '1s'");
          return tx.query(SLOW_QUERY);
        })
        .then(
          () => 'ran to the end',
          (error: { code?: string; message?: string }) => `stopped (${error.code ?? ''} ${error.message ?? ''})`,
        );
      const limitedMs = performance.now() - limited;

      console.log(`\n${kind}`);
      console.log(`  /health/live idle:                 ${summary(idle)}`);
      console.log(`  /health/live during the slow query: ${summary(busy)}  (query ${(slowMs / 1000).toFixed(1)} s)`);
      console.log(`  SELECT 1:                          ${summary(selectOne, 3)}`);
      console.log(`  indexed select by primary key:     ${summary(byKey, 3)}`);
      console.log(`  slow query with statement_timeout 1s: ${limitOutcome} after ${(limitedMs / 1000).toFixed(1)} s`);
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { server, url } = await startHealthServer();
  console.log(
    `PGlite on the main thread vs in a worker thread; slow query: count over ${slowRows} generated rows; ${smallQueries} small queries each`,
  );
  try {
    await benchEngine('main thread', url);
    await benchEngine('worker thread', url);
  } finally {
    server.close();
  }
}

void main();
