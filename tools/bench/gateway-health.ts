// Gateway /health requests per second next to a bare express handler, measured side by side in one run with
// autocannon (target: gateway at least half of bare). Both servers run as child processes so the load
// generator never shares their event loop. Prints figures; never asserts.
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
const durationSeconds = Number(process.env['BENCH_SECONDS'] ?? 10);

/** Starts a server on a free port (PORT=0) and resolves with the URL it prints once ready. */
function startChild(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolveChild, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /ready at (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (url) resolveChild({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function load(url: string): Promise<{ requestsPerSecond: number; p99Ms: number; non2xx: number }> {
  const result = await autocannon({ url, connections: 32, duration: durationSeconds, pipelining: 1 });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill(signal);
  await exited;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--quiet', 'cli'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'huntforge-bench-'));
  const bare = await startChild(['--import', 'tsx', join(__dirname, 'bare-express-server.ts')], {});
  const gateway = await startChild([join(root, 'dist/apps/cli/main.js'), 'start'], {
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SCHEDULER_ENABLED: 'false',
    DATABASE_URL: '',
    AMQP_URL: '',
  });
  try {
    const bareResult = await load(`${bare.url}/health`);
    const gatewayResult = await load(`${gateway.url}/health`);
    const line = (label: string, r: typeof bareResult) =>
      console.log(`${label.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${r.p99Ms} ms  non-2xx ${r.non2xx}`);
    console.log(`/health, ${durationSeconds} s each, 32 connections (target: gateway >= 0.5 x bare)`);
    line('bare express handler', bareResult);
    line('gateway /health (all-in-one)', gatewayResult);
    console.log(`ratio gateway / bare: ${(gatewayResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}`);
  } finally {
    await stop(bare.child, 'SIGTERM');
    await stop(gateway.child, 'SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
