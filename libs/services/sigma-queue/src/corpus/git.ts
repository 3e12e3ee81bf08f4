import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function git(args: string[], cwd?: string, signal?: AbortSignal): Promise<string> {
  const { stdout } = await run('git', args, {
    cwd,
    signal,
    maxBuffer: 16 * 1024 * 1024,
    // Never prompt for credentials in a background job.
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  return stdout.trim();
}

/** Clones `url` into `dir` (shallow) or fetches and hard-resets an existing clone; returns the commit checked out. */
export async function cloneOrFetch(url: string, dir: string, options: { branch?: string; signal?: AbortSignal } = {}): Promise<string> {
  const { branch, signal } = options;
  if (existsSync(join(dir, '.git'))) {
    await git(['remote', 'set-url', 'origin', url], dir, signal);
    await git(['fetch', '--depth', '1', 'origin', branch ?? 'HEAD'], dir, signal);
    await git(['reset', '--hard', 'FETCH_HEAD'], dir, signal);
  } else {
    await mkdir(dirname(dir), { recursive: true });
    await git(['clone', '--depth', '1', ...(branch ? ['--branch', branch] : []), url, dir], undefined, signal);
  }
  return git(['rev-parse', 'HEAD'], dir, signal);
}
