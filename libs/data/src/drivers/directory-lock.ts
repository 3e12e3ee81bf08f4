import { open, readFile, rm } from 'node:fs/promises';

/** Another live process holds the embedded database; opening it twice would corrupt it. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid}: stop that process first ` +
        '(PGlite serves one process at a time), or use the running service through its API',
    );
    this.name = 'DatabaseInUseError';
  }
}

export interface DirectoryLock {
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock file beside a PGlite data directory, holding the owner's pid. A lock left by a
 * process that died is taken over; one held by a live process refuses with DatabaseInUseError.
 */
export async function lockDirectory(dataDir: string): Promise<DirectoryLock> {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released: Promise<void> | undefined;
      return { release: () => (released ??= rm(lockPath, { force: true })) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
      // Our own pid counts too: two handles in one process would corrupt the files just the same.
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DatabaseInUseError(dataDir, owner);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
