// Workflow executions per second end to end with the builtin provider (targets: ≥ 20/s all-in-one, ≥ 10/s
// distributed). Articles are ingested through /api/scrape-url from a local page server first (not timed);
// then every article is triggered with force=true and the clock runs until the last execution has ended.
// Server CPU per execution is read from /proc per thread, and also net of the dashboard-like status polls: their
// number grows with wall time, so on a loaded machine they would count as if the executions had cost more.
// Run: node --import tsx tools/bench/workflow-throughput.ts [all-in-one|distributed|both] [executions]
// The distributed shape needs PostgreSQL and RabbitMQ (DATABASE_SERVER_URL / AMQP_URL, local defaults).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

const root = resolve(__dirname, '..', '..');
const shapeArg = process.argv[2] ?? 'both';
const count = Number(process.argv[3] ?? 200);
// BENCH_DIST=<folder inside the repository> runs another build (e.g. a copy of the old dist, to interleave
// before/after rounds); BENCH_NO_BUILD=1 measures the dist already built.
const dist = resolve(root, process.env['BENCH_DIST'] ?? 'dist');
const articleFiles = readdirSync(join(root, 'fixtures', 'eval')).filter((file) => /^\d+-(win|linux|macos).*\.md$/.test(file));

function servePages(): Promise<{ server: Server; url: string }> {
  const pages = articleFiles.map((file) => readFileSync(join(root, 'fixtures', 'eval', file), 'utf8'));
  const server = createServer((req, res) => {
    const index = Number(/\/a\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
    const markdown = pages[index % pages.length] ?? '';
    const body = markdown
      .split(/\n```/)
      .map((part, i) => (i % 2 === 1 ? `<pre><code>${escape(part.replace(/^[a-z]*\n/, ''))}</code></pre>` : `<p>${escape(part)}</p>`))
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<html><head><title>Bench article ${index}</title></head><body><article><h1>Bench article ${index}</h1>${body}<p>Variant ${index}.</p></article></body></html>`,
    );
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })),
  );
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function startProcess(args: string[], env: Record<string, string>): { child: ChildProcess; ready: Promise<string> } {
  // Services log their bound URL at info ("<service> listening"); the all-in-one CLI prints "ready at".
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_EXPENSIVE_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const ready = new Promise<string>((ok, fail) => {
    let output: string | null = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output === null) return;
      output += chunk.toString();
      const bound = /ready at (http:\/\/[\d.]+:\d+)/.exec(output)?.[1] ?? /"url":"(http:\/\/[\d.]+:\d+)"[^\n]*listening/.exec(output)?.[1];
      if (bound) {
        output = null;
        ok(bound);
      }
    });
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return { child, ready };
}

async function waitHealthy(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/health/ready`)).status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never became ready`);
}

async function api(base: string, token: string | null, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });
}

/**
 * CPU seconds (user + system) the processes have used so far, per thread name (main thread, the embedded
 * database's worker thread, V8's GC helpers, libuv's pool), from /proc (Linux); null elsewhere. Threads that
 * ended before the reading are missing from it, so the total is taken from the process, not the threads.
 */
function cpuSecondsOf(pids: number[]): { total: number; byThread: Map<string, number> } | null {
  const seconds = (stat: string) => {
    const fields = stat.split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  try {
    let total = 0;
    const byThread = new Map<string, number>();
    for (const pid of pids) {
      total += seconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        try {
          const name = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
          byThread.set(name, (byThread.get(name) ?? 0) + seconds(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8')));
        } catch {
          /* the thread ended meanwhile */
        }
      }
    }
    return { total, byThread };
  } catch {
    return null;
  }
}

/**
 * Server CPU per execution, total and per thread name (ms), between two readings; with the cost of the
 * status polls taken out as well (`pollSeconds`: the CPU the polls used), since their number grows with
 * wall time and so with the load of a shared machine, not with the executions.
 */
function cpuPerExecution(
  before: ReturnType<typeof cpuSecondsOf>,
  after: ReturnType<typeof cpuSecondsOf>,
  pollSeconds: number | null,
): string {
  if (before === null || after === null) return '';
  const perExecution = (from: number, to: number) => (((to - from) * 1000) / count).toFixed(1);
  const threads = [...after.byThread]
    .map(([name, used]) => [name, used - (before.byThread.get(name) ?? 0)] as const)
    .filter(([, used]) => used > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, used]) => `${name} ${perExecution(0, used)}`);
  const net = pollSeconds === null ? '' : `; ${perExecution(before.total + pollSeconds, after.total)} net of the status polls`;
  return `; server CPU ${perExecution(before.total, after.total)} ms/execution (${threads.join(', ')})${net}`;
}

/** Server CPU of one status poll (s), read over polls made while nothing else runs; null where /proc is missing. */
async function cpuPerPoll(base: string, token: string | null, serverPids: number[]): Promise<number | null> {
  const polls = 40;
  const before = cpuSecondsOf(serverPids);
  for (let i = 0; i < polls; i++) await (await api(base, token, '/api/workflow/executions?limit=1')).json();
  const after = cpuSecondsOf(serverPids);
  return before === null || after === null ? null : (after.total - before.total) / polls;
}

async function drive(label: string, base: string, token: string | null, pagesUrl: string, serverPids: number[]): Promise<void> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api(base, token, '/api/scrape-url', {
      method: 'POST',
      body: JSON.stringify({ url: `${pagesUrl}/a/${i}`, force_scrape: false }),
    });
    const body = (await res.json()) as { article_id?: number };
    if (!body.article_id) throw new Error(`scrape ${i} failed: ${res.status} ${JSON.stringify(body)}`);
    ids.push(body.article_id);
  }
  const cpuBefore = cpuSecondsOf(serverPids);
  const started = performance.now();
  await Promise.all(
    ids.map(async (id) => {
      const res = await api(base, token, `/api/workflow/articles/${id}/trigger?force=true`, { method: 'POST' });
      if (res.status !== 202) throw new Error(`trigger ${id}: ${res.status} ${await res.text()}`);
    }),
  );
  const queuedMs = performance.now() - started;
  let summary = { completed: 0, failed: 0, running: 0, pending: 0 };
  let polls = 0;
  for (;;) {
    polls++;
    summary = (await (await api(base, token, '/api/workflow/executions?limit=1')).json()) as typeof summary;
    if (summary.completed + summary.failed >= count) break;
    // Polled like a dashboard would: often enough for a 1% reading, rarely enough not to be the load.
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  // Server CPU per execution is steadier than wall time on a shared machine: it is what the run cost.
  const cpuAfter = cpuSecondsOf(serverPids);
  const perPoll = await cpuPerPoll(base, token, serverPids);
  const cpu = cpuPerExecution(cpuBefore, cpuAfter, perPoll === null ? null : perPoll * polls);
  console.log(
    `${label.padEnd(11)} ${count} executions in ${seconds.toFixed(1)} s → ${(count / seconds).toFixed(1)} executions/s (triggers queued in ${(queuedMs / 1000).toFixed(1)} s; completed ${summary.completed}, failed ${summary.failed}; ${polls} status polls${cpu})`,
  );
}

async function allInOne(pagesUrl: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'huntforge-bench-'));
  // BENCH_CPU_PROF=<dir> / BENCH_HEAP_PROF=<dir>: the server writes a CPU profile / a sampled allocation profile there;
  // BENCH_NODE_ARGS="<flags>": node options for the server (e.g. to try V8 heap settings before the CLI adopts them).
  const profile = [
    ...(process.env['BENCH_NODE_ARGS']?.split(' ').filter(Boolean) ?? []),
    ...(process.env['BENCH_CPU_PROF'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROF']}`] : []),
    ...(process.env['BENCH_HEAP_PROF'] ? ['--heap-prof', `--heap-prof-dir=${process.env['BENCH_HEAP_PROF']}`] : []),
  ];
  const app = startProcess([...profile, join(dist, 'apps/cli/main.js'), 'start'], {
    DATA_DIR: dataDir,
    PORT: '0',
    AUTH_MODE: 'off',
    INGEST_ALLOW_PRIVATE_NETWORKS: 'true',
    INGEST_HOST_DELAY_MS: '0',
  });
  try {
    const base = await app.ready;
    await waitHealthy(base);
    await drive('all-in-one', base, null, pagesUrl, [app.child.pid as number]);
  } finally {
    app.child.kill('SIGTERM');
    await new Promise((r) => app.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function distributed(pagesUrl: string): Promise<void> {
  const server = process.env['DATABASE_SERVER_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const amqp = process.env['AMQP_URL'] ?? 'amqp://guest:guest@127.0.0.1:5672';
  const name = `huntforge_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const vhost = name;
  execFileSync('rabbitmqctl', ['--quiet', 'add_vhost', vhost]);
  execFileSync('rabbitmqctl', ['--quiet', 'set_permissions', '--vhost', vhost, 'guest', '.*', '.*', '.*']);
  const env = {
    DATABASE_URL: databaseUrl,
    AMQP_URL: Object.assign(new URL(amqp), { pathname: `/${vhost}` }).toString(),
    IDENTITY_SIGNING_KEY: randomBytes(32).toString('hex'),
    INGEST_ALLOW_PRIVATE_NETWORKS: 'true',
    INGEST_HOST_DELAY_MS: '0',
  };
  const children: ChildProcess[] = [];
  try {
    execFileSync(process.execPath, [join(dist, 'apps/cli/main.js'), 'db', 'migrate'], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const token = execFileSync(
      process.execPath,
      [join(dist, 'apps/cli/main.js'), 'tokens', 'create', '--name', 'bench', '--role', 'admin'],
      { env: { ...process.env, ...env }, encoding: 'utf8' },
    ).trim();
    const services: Record<string, string> = {};
    for (const [service, variable] of [
      ['ingestion', 'INGESTION_URL'],
      ['content-filter', 'CONTENT_FILTER_URL'],
      ['sigma-queue', 'SIGMA_QUEUE_URL'],
      ['workflow', 'WORKFLOW_URL'],
      ['workflow', ''],
      ['mcp', 'MCP_URL'],
    ] as const) {
      const proc = startProcess([join(dist, `apps/${service}/main.js`)], { ...env, PORT: '0' });
      children.push(proc.child);
      const url = await proc.ready;
      await waitHealthy(url);
      if (variable) services[variable] = url;
    }
    const gateway = startProcess([join(dist, 'apps/gateway/main.js')], { ...env, ...services, PORT: '0' });
    children.push(gateway.child);
    const base = await gateway.ready;
    await drive(
      'distributed',
      base,
      token,
      pagesUrl,
      children.map((child) => child.pid as number),
    );
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((r) => {
            child.once('exit', r);
            child.kill('SIGTERM');
          }),
      ),
    );
    execFileSync('rabbitmqctl', ['--quiet', 'delete_vhost', vhost]);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  if (!process.env['BENCH_NO_BUILD'] && !process.env['BENCH_DIST'])
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--quiet'], { stdio: 'inherit' });
  const pages = await servePages();
  try {
    console.log(
      `workflow throughput, builtin provider, ${articleFiles.length} fixture articles cycled (targets: all-in-one ≥ 20/s and ≤ 45 ms server CPU per execution, distributed ≥ 10/s)`,
    );
    if (shapeArg === 'all-in-one' || shapeArg === 'both') await allInOne(pages.url);
    if (shapeArg === 'distributed' || shapeArg === 'both') await distributed(pages.url);
  } finally {
    pages.server.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
