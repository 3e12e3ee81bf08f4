import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseInUseError, lockDirectory, processStartTicks } from './directory-lock';

describe('lockDirectory', () => {
  let root: string;
  let other: ChildProcess;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'hf-lock-'));
    // A live process that is not Huntforge: what a stale lock's pid may name after a crash and a reboot.
    other = spawn('sleep', ['60'], { stdio: 'ignore' });
    await new Promise((resolve) => other.once('spawn', resolve));
  });
  afterAll(async () => {
    other.kill();
    await rm(root, { recursive: true, force: true });
  });

  it('takes over a lock naming a live process that is not a Huntforge process (bare pid or pid with start time)', async () => {
    const pid = other.pid as number;
    const started = await processStartTicks(pid);
    for (const content of [String(pid), `${pid} ${started ?? ''}`.trim()]) {
      const dataDir = join(root, `db-${content.replace(/\s/g, '-')}`);
      await writeFile(`${dataDir}.lock`, content);
      const lock = await lockDirectory(dataDir);
      expect((await readFile(`${dataDir}.lock`, 'utf8')).split(' ')[0]).toBe(String(process.pid));
      await lock.release();
    }
  });

  it('still refuses a lock held by a live Huntforge (Node) process, this one included', async () => {
    const dataDir = join(root, 'db-held');
    const lock = await lockDirectory(dataDir);
    await expect(lockDirectory(dataDir)).rejects.toBeInstanceOf(DatabaseInUseError);
    await lock.release();
  });
});
