import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..', '..', '..');

/**
 * Runs an app's main.ts from source (tsx), as `node dist/apps/<app>/main.js` would run its bundle. With `output`,
 * everything the process writes (stdout and stderr: its logs) is appended there as text.
 */
export function spawnApp(app: string, env: Record<string, string>, output?: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps', app, 'src', 'main.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', output ? 'pipe' : 'ignore', 'pipe'],
  });
  if (output) {
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  }
  return child;
}

/** Runs an app's main.ts to completion (for apps that must refuse to start). */
export function runAppToExit(app: string, env: Record<string, string>) {
  return runSource(join('apps', app, 'src', 'main.ts'), [], env);
}

/** Runs `huntforge <args>` from source against the environment given (and nothing inherited but PATH and HOME). */
export function runCli(args: string[], env: Record<string, string>) {
  return runSource('apps/cli/src/main.ts', args, env);
}

function runSource(entry: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, entry), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Polls `url` until it answers `status`, or fails after `timeoutMs`. */
export async function waitForStatus(url: string, status: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === status) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})`);
}

/** Sends SIGTERM and resolves with the exit code. */
export function terminate(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit) => {
    child.once('exit', (code) => resolveExit(code));
    child.kill('SIGTERM');
  });
}
