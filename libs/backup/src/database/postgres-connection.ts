/**
 * Splits a PostgreSQL URL into what may appear on a command line (no password) and the password,
 * which goes to the client programs through PGPASSWORD only.
 */
export function splitPostgresUrl(databaseUrl: string): { urlWithoutPassword: string; password: string | null; display: string } {
  const url = new URL(databaseUrl);
  let password = url.password ? decodeURIComponent(url.password) : null;
  url.password = '';
  const fromQuery = url.searchParams.get('password');
  if (fromQuery !== null) {
    password = fromQuery;
    url.searchParams.delete('password');
  }
  const display = `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  return { urlWithoutPassword: url.toString(), password, display };
}

/** The environment for pg_dump/pg_restore: the caller's, plus PGPASSWORD when the URL carried one. */
export function clientEnv(password: string | null, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return password === null ? { ...base } : { ...base, PGPASSWORD: password };
}

/** The major version of a `pg_dump --version` line, e.g. "pg_dump (PostgreSQL) 15.20 (Debian …)" → 15. */
export function clientMajorVersion(versionLine: string): number | null {
  const match = /\)\s+(\d+)(?:\.\d+)?/.exec(versionLine) ?? /(\d+)\.\d+/.exec(versionLine);
  return match ? Number(match[1]) : null;
}
