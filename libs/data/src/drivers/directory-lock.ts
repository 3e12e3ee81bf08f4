import { open, readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';

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
 * When the process started, in clock ticks since boot (Linux /proc/<pid>/stat, field 22), or null
 * where /proc is not available. A pid plus its start time names one process: after a crash and a
 * reboot the same pid may belong to something else entirely.
 */
export async function processStartTicks(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // The command name (field 2) may contain spaces and parentheses: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

interface LockOwner {
  pid: number;
  started: string | null;
}

/** Reads `<pid> <start ticks>` (or a bare pid, as older versions wrote). */
function parseOwner(content: string): LockOwner | null {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, started: started ?? null } : null;
}

/**
 * Whether `pid` runs Node (every Huntforge process does), from /proc/<pid>/cmdline; true where /proc cannot
 * tell (another OS, no permission), so the lock errs on the side of refusing.
 */
async function runsNode(pid: number): Promise<boolean> {
  if (pid === process.pid) return true;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (cmdline === null || cmdline === '') return true;
  const executable = cmdline.split('\0')[0] ?? '';
  return /^node/i.test(basename(executable)) || /huntforge/i.test(cmdline);
}

async function ownerIsRunning(owner: LockOwner): Promise<boolean> {
  if (!isAlive(owner.pid)) return false;
  // A live process that is not Node is not a Huntforge process holding the database (pid reused after a reboot).
  if (!(await runsNode(owner.pid))) return false;
  if (owner.started === null) return true;
  const now = await processStartTicks(owner.pid);
  // Alive but started at another time: the pid was reused by an unrelated process.
  return now === null || now === owner.started;
}

/**
 * An exclusive lock file beside a PGlite data directory, holding the owner's pid and start time. A lock
 * left by a process that died (or whose pid now belongs to another process, or to one that is not Node) is
 * taken over; one held by a live owner refuses with DatabaseInUseError.
 */
export async function lockDirectory(dataDir: string): Promise<DirectoryLock> {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx');
      const started = await processStartTicks(process.pid);
      await handle.writeFile(started === null ? String(process.pid) : `${process.pid} ${started}`);
      await handle.close();
      let released: Promise<void> | undefined;
      return { release: () => (released ??= rm(lockPath, { force: true })) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = parseOwner(await readFile(lockPath, 'utf8').catch(() => ''));
      // Our own pid counts too: two handles in one process would corrupt the files just the same.
      if (owner !== null && (await ownerIsRunning(owner))) {
        throw new DatabaseInUseError(dataDir, owner.pid);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
