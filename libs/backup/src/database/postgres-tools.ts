import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { BackupError } from '../errors';
import { clientEnv, clientMajorVersion, splitPostgresUrl } from './postgres-connection';

const run = promisify(execFile);

type Tool = 'pg_dump' | 'pg_restore';

export interface PostgresTools {
  /** Server version (e.g. "15.8"); checks that the client programs exist and are not older than the server. */
  check(): Promise<{ serverVersion: string }>;
  dump(file: string): Promise<void>;
  restore(file: string): Promise<void>;
}

async function serverVersion(databaseUrl: string): Promise<{ text: string; major: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string; num: string }>(
      "SELECT current_setting('server_version') AS server_version, current_setting('server_version_num') AS num",
    );
    const row = rows[0];
    if (!row) throw new Error('the server did not report its version');
    return { text: row.server_version.split(' ')[0] ?? row.server_version, major: Math.floor(Number(row.num) / 10_000) };
  } finally {
    await client.end();
  }
}

/** Debian keeps each major's programs in /usr/lib/postgresql/<major>/bin; prefer the server's own major there. */
function toolPath(tool: Tool, serverMajor: number, binDir: string | undefined): string {
  if (binDir) return join(binDir, tool);
  const debian = `/usr/lib/postgresql/${serverMajor}/bin/${tool}`;
  return existsSync(debian) ? debian : tool;
}

async function toolMajor(path: string): Promise<number> {
  const output = await run(path, ['--version']).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new BackupError(
        'pg_client_missing',
        `${path} is not installed; install the PostgreSQL client programs (Debian: postgresql-client-15)`,
      );
    }
    throw error;
  });
  const major = clientMajorVersion(output.stdout);
  if (major === null) throw new BackupError('pg_client_missing', `could not read the version of ${path} ("${output.stdout.trim()}")`);
  return major;
}

/** A program's stderr, with any password the URL carried removed (the programs never see it, but be sure). */
function failure(
  code: 'pg_dump_failed' | 'pg_restore_failed',
  tool: string,
  error: unknown,
  password: string | null,
  where: string,
): BackupError {
  let stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message ?? error).trim();
  if (password) stderr = stderr.split(password).join('***');
  return new BackupError(code, `${tool} failed on ${where}: ${stderr.split('\n').slice(-5).join(' ')}`);
}

/**
 * pg_dump/pg_restore run with execFile (no shell) against the URL without its password; the password
 * travels in PGPASSWORD. `binDir` (PG_BIN_DIR) overrides where the programs are found.
 */
export function postgresTools(databaseUrl: string, options: { binDir?: string } = {}): PostgresTools {
  const { urlWithoutPassword, password, display } = splitPostgresUrl(databaseUrl);
  const env = clientEnv(password);
  let checked: Promise<{ serverVersion: string; paths: Record<Tool, string> }> | null = null;

  const ensure = () =>
    (checked ??= (async () => {
      const server = await serverVersion(databaseUrl);
      const paths = {
        pg_dump: toolPath('pg_dump', server.major, options.binDir),
        pg_restore: toolPath('pg_restore', server.major, options.binDir),
      };
      for (const [tool, path] of Object.entries(paths)) {
        const major = await toolMajor(path);
        // An older client cannot read a newer server's catalogs; pg_dump would refuse with a murkier message.
        if (major < server.major) {
          throw new BackupError(
            'pg_client_version_mismatch',
            `${tool} is version ${major} but the server is ${server.major}; install postgresql-client-${server.major} or set PG_BIN_DIR`,
          );
        }
      }
      return { serverVersion: server.text, paths };
    })());

  return {
    async check() {
      return { serverVersion: (await ensure()).serverVersion };
    },
    async dump(file) {
      const { paths } = await ensure();
      await run(paths.pg_dump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${urlWithoutPassword}`], {
        env,
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: unknown) => {
        throw failure('pg_dump_failed', 'pg_dump', error, password, display);
      });
    },
    async restore(file) {
      const { paths } = await ensure();
      // One transaction: a restore that fails half-way leaves the database as it was.
      await run(
        paths.pg_restore,
        ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${urlWithoutPassword}`, file],
        { env, maxBuffer: 16 * 1024 * 1024 },
      ).catch((error: unknown) => {
        throw failure('pg_restore_failed', 'pg_restore', error, password, display);
      });
    },
  };
}
