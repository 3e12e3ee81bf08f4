// Gateway /health requests per second next to a bare express handler, measured side by side in one run with
// autocannon (target, issue #35: gateway at least 0.8 of bare), best of BENCH_ROUNDS alternated rounds, with each
// server's CPU per request (steadier than the rate on a shared machine). Both servers run as child processes so
// the load generator never shares their event loop. BENCH_NO_BUILD=1 measures the dist already built (to compare
// two builds). Prints figures; never asserts.
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
const durationSeconds = Number(process.env['BENCH_SECONDS'] ?? 10);
/** Rounds of bare then gateway, alternated so a load spike on a shared machine hits both; the best of each counts. */
const rounds = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));

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

/** CPU seconds (user + system, all threads) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Requests per second, and the server's CPU per request: on a shared machine the rate follows whoever else
 * is busy, the CPU a request costs much less so (the ratio of the two CPU figures is the steadier reading).
 */
async function load(
  url: string,
  pid: number | undefined,
): Promise<{ requestsPerSecond: number; p99Ms: number; non2xx: number; cpuUsPerRequest: number | null }> {
  const cpuBefore = cpuSecondsOf(pid);
  const result = await autocannon({ url, connections: 32, duration: durationSeconds, pipelining: 1 });
  const cpuAfter = cpuSecondsOf(pid);
  const cpuUsPerRequest =
    cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, cpuUsPerRequest };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill(signal);
  await exited;
}

async function main(): Promise<void> {
  if (!process.env['BENCH_NO_BUILD'])
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
    const best = (a: Awaited<ReturnType<typeof load>> | null, b: Awaited<ReturnType<typeof load>>) =>
      a && a.requestsPerSecond >= b.requestsPerSecond ? a : b;
    let bareResult: Awaited<ReturnType<typeof load>> | null = null;
    let gatewayResult: Awaited<ReturnType<typeof load>> | null = null;
    const line = (label: string, r: Awaited<ReturnType<typeof load>>) =>
      console.log(
        `${label.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${r.p99Ms} ms  non-2xx ${r.non2xx}${r.cpuUsPerRequest === null ? '' : `  server CPU ${r.cpuUsPerRequest.toFixed(0)} µs/request`}`,
      );
    const cpuRatios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const bareRound = await load(`${bare.url}/health`, bare.child.pid);
      const gatewayRound = await load(`${gateway.url}/health`, gateway.child.pid);
      const cpuRatio =
        bareRound.cpuUsPerRequest && gatewayRound.cpuUsPerRequest
          ? `; CPU per request bare / gateway ${(bareRound.cpuUsPerRequest / gatewayRound.cpuUsPerRequest).toFixed(2)}`
          : '';
      if (rounds > 1)
        console.log(
          `round ${round}: bare ${bareRound.requestsPerSecond.toFixed(0)} req/s, gateway ${gatewayRound.requestsPerSecond.toFixed(0)} req/s (${(gatewayRound.requestsPerSecond / bareRound.requestsPerSecond).toFixed(2)})${cpuRatio}`,
        );
      cpuRatios.push(
        bareRound.cpuUsPerRequest && gatewayRound.cpuUsPerRequest ? bareRound.cpuUsPerRequest / gatewayRound.cpuUsPerRequest : NaN,
      );
      bareResult = best(bareResult, bareRound);
      gatewayResult = best(gatewayResult, gatewayRound);
    }
    if (!bareResult || !gatewayResult) throw new Error('no round ran');
    console.log(`/health, ${durationSeconds} s each, 32 connections, best of ${rounds} alternated rounds (target: gateway >= 0.8 x bare)`);
    line('bare express handler', bareResult);
    line('gateway /health (all-in-one)', gatewayResult);
    console.log(`ratio gateway / bare: ${(gatewayResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}`);
    const steady = cpuRatios.filter((ratio) => Number.isFinite(ratio)).sort((a, b) => a - b);
    if (steady.length)
      console.log(
        `CPU per request, bare / gateway (median of ${steady.length} rounds; the load-independent reading of the same ratio): ${(steady[Math.floor(steady.length / 2)] ?? 0).toFixed(2)}`,
      );
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
