// Measures all-in-one start to ready: spawn the built CLI (`huntforge start`), wait for its ready line and a
// 200 from /health, then Ctrl-C it and time the graceful shutdown. First start on an empty DATA_DIR (migrations
// included), then a warm restart on the same directory. Prints figures; never asserts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';

const root = resolve(__dirname, '..', '..');

async function startOnce(dataDir: string): Promise<{ readyMs: number; healthMs: number; stopMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'dist/apps/cli/main.js'), 'start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', AMQP_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { readyMs, url } = await new Promise<{ readyMs: number; url: string }>((resolveReady, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const bound = /ready at (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (bound) resolveReady({ readyMs: performance.now() - started, url: bound });
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready`)));
  });
  const response = await fetch(`${url}/health`);
  const healthMs = performance.now() - started;
  if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
  const stopping = performance.now();
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGINT');
  await exited;
  return { readyMs, healthMs, stopMs: performance.now() - stopping };
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--quiet', 'cli'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'huntforge-bench-'));
  try {
    const cold = await startOnce(dataDir);
    const warm = await startOnce(dataDir);
    const row = (label: string, r: { readyMs: number; healthMs: number; stopMs: number }) =>
      console.log(
        `${label.padEnd(26)} ready ${(r.readyMs / 1000).toFixed(2)} s, /health 200 at ${(r.healthMs / 1000).toFixed(2)} s, Ctrl-C to exit ${(r.stopMs / 1000).toFixed(2)} s`,
      );
    console.log('all-in-one start to ready (target < 10 s)');
    row('first start (empty dir)', cold);
    row('restart (migrated dir)', warm);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
