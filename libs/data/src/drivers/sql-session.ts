/**
 * Plain SQL on the database's own driver (pg or PGlite), for the few jobs Prisma cannot do:
 * multi-statement migration scripts and session-scoped advisory locks.
 */
export interface SqlExecutor {
  /** One parameterised statement. */
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** A script of many statements, without parameters. */
  exec(script: string): Promise<void>;
}

export interface SqlSession extends SqlExecutor {
  /** Runs `work` in one transaction on this session's connection; rolls back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

/** A connection pool's counts at one instant (node-postgres names). */
export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Callers queued for a connection because every one is in use. */
  waiting: number;
}

export interface SqlDriver {
  readonly kind: 'postgres' | 'pglite';
  /** The pool's counts now; absent where there is no pool (PGlite is a single in-process connection). */
  poolStats?(): PoolStats;
  /** Runs `work` on one dedicated connection (session locks stay on it), released afterwards. */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** PGlite only: a gzipped tarball of the live data directory, for backups while the service runs. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}
