import { execFile } from 'node:child_process';

/** Reads and replaces the whole crontab of one user. */
export interface CrontabPort {
  /** The crontab's text; '' when the user has none yet. */
  read(): Promise<string>;
  write(text: string): Promise<void>;
}

/** The crontab cannot be used here (no `crontab` program, unknown user, no permission); `reason` is safe to show. */
export class CrontabUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CrontabUnavailableError';
  }
}

export interface CrontabCommandOptions {
  /** The crontab program (CRONTAB_COMMAND); default `crontab` from PATH. */
  command?: string;
  /** Another user's crontab (`crontab -u`, needs root); default the service's own user. */
  user?: string;
}

const NO_CRONTAB = /no crontab for/i;
const TIMEOUT_MS = 10_000;

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? '';
}

/**
 * The host crontab through the real `crontab` program, always by execFile with an argument list (no
 * shell): `crontab [-u user] -l` to read, `crontab [-u user] -` with the text on stdin to replace.
 */
export function createCrontabCommand(options: CrontabCommandOptions = {}): CrontabPort {
  const command = options.command?.trim() || 'crontab';
  const userArgs = options.user ? ['-u', options.user] : [];

  const run = (args: string[], stdin?: string) =>
    new Promise<string>((resolve, reject) => {
      const child = execFile(
        command,
        [...userArgs, ...args],
        { timeout: TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT')
            return reject(
              new CrontabUnavailableError(
                `the crontab program (${command}) is not installed on this host; install cron (Debian: apt-get install cron)`,
              ),
            );
          if (code === 'EACCES')
            return reject(new CrontabUnavailableError(`the crontab program (${command}) cannot be run: permission denied`));
          const said = firstLine(stderr);
          if (args[0] === '-l' && NO_CRONTAB.test(said)) return resolve('');
          reject(new CrontabUnavailableError(`crontab ${args[0] === '-l' ? 'read' : 'install'} failed: ${said || error.message}`));
        },
      );
      // A missing program fails the spawn; writing to its closed stdin must not throw on top of that.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(stdin ?? '');
    });

  return {
    read: () => run(['-l']),
    async write(text) {
      await run(['-'], text);
    },
  };
}
