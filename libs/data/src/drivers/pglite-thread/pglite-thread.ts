import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { DumpCompression, DumpMessage, QueryResultMessage } from './protocol';
import { applyParsers, parsedOids, type ParserTable } from './result-parsers';
import { WorkerLink, type LinkRequest } from './worker-link';
import { TableChanges } from '../table-changes';

/** The options that can cross to the thread; the others hold functions or streams. */
export type ThreadQueryOptions = Pick<QueryOptions, 'rowMode'> & { parsers?: ParserTable };

export interface ThreadExecutor {
  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: Record<string, never>): Promise<Results[]>;
}

function checkOptions(options: object | undefined): void {
  const unsupported = Object.keys(options ?? {}).filter((key) => key !== 'rowMode' && key !== 'parsers');
  if (unsupported.length > 0)
    throw new Error(`PGlite runs in a worker thread here; query option(s) ${unsupported.join(', ')} cannot cross to it`);
}

/** Sends a statement, telling `changes` of the watched tables it may write before it is sent and once it is answered. */
async function sendCounted(
  link: WorkerLink,
  changes: TableChanges,
  request: LinkRequest & { sql: string; txId?: number },
): Promise<unknown> {
  const written = changes.noteStatement(request.sql, request.txId);
  if (written.length === 0) return link.send(request);
  try {
    return await link.send(request);
  } finally {
    changes.noteAnswered(written);
  }
}

async function runQuery<T>(
  link: WorkerLink,
  changes: TableChanges,
  txId: number | undefined,
  sql: string,
  params: unknown[],
  options?: ThreadQueryOptions,
): Promise<Results<T>> {
  checkOptions(options);
  const rowMode = options?.rowMode ?? 'object';
  const result = (await sendCounted(link, changes, {
    op: 'query',
    txId,
    sql,
    params,
    rowMode,
    rawOids: parsedOids(options?.parsers),
  })) as QueryResultMessage;
  applyParsers(result, options?.parsers, rowMode);
  return result as Results<T>;
}

async function runExec(
  link: WorkerLink,
  changes: TableChanges,
  txId: number | undefined,
  sql: string,
  options?: object,
): Promise<Results[]> {
  checkOptions(options);
  return (await sendCounted(link, changes, { op: 'exec', txId, sql })) as Results[];
}

/** One open transaction, as PGlite's `Transaction` presents it (the part our code and Prisma's adapter use). */
export class ThreadTransaction implements ThreadExecutor {
  private ended = false;

  constructor(
    private readonly link: WorkerLink,
    private readonly changes: TableChanges,
    readonly id: number,
  ) {}

  get closed(): boolean {
    return this.ended;
  }

  query<T>(sql: string, params: unknown[] = [], options?: ThreadQueryOptions): Promise<Results<T>> {
    if (this.ended) return Promise.reject(new Error('Transaction is closed'));
    return runQuery<T>(this.link, this.changes, this.id, sql, params, options);
  }

  exec(sql: string, options?: Record<string, never>): Promise<Results[]> {
    if (this.ended) return Promise.reject(new Error('Transaction is closed'));
    return runExec(this.link, this.changes, this.id, sql, options);
  }

  async rollback(): Promise<void> {
    if (this.ended) throw new Error('Transaction is closed');
    this.ended = true;
    await this.link.send({ op: 'rollback', txId: this.id });
  }

  /** Called once the caller's callback has settled. */
  markEnded(): void {
    this.ended = true;
  }
}

/**
 * PGlite in a worker thread, presented as the subset of PGlite's API that our driver and Prisma's PGlite
 * adapter call: query (with rowMode and parsers), exec, transaction (query, exec, rollback), closed, close,
 * waitReady and dumpDataDir. Queries wait for an open transaction, as with PGlite itself (one connection).
 */
export class PgliteThread implements ThreadExecutor {
  private nextTransactionId = 1;
  /** What this process has written to the watched tables (it is the database's only client: see TableChanges). */
  readonly changes = new TableChanges();

  private constructor(
    private readonly link: WorkerLink,
    readonly waitReady: Promise<void>,
  ) {}

  /**
   * Opens the database in a new thread; `dataDir` null keeps it in memory (statement_timeout not enforced), starting
   * from `imageFile` (a data directory tarball) when given, which skips initdb.
   */
  static async open(dataDir: string | null, imageFile?: string): Promise<PgliteThread> {
    const link = await WorkerLink.open(dataDir, imageFile);
    return new PgliteThread(link, Promise.resolve());
  }

  get closed(): boolean {
    return this.link.isClosed;
  }

  /** Threads started again after a statement timeout stopped one. */
  get restarts(): number {
    return this.link.restarts;
  }

  query<T>(sql: string, params: unknown[] = [], options?: ThreadQueryOptions): Promise<Results<T>> {
    return runQuery<T>(this.link, this.changes, undefined, sql, params, options);
  }

  exec(sql: string, options?: Record<string, never>): Promise<Results[]> {
    return runExec(this.link, this.changes, undefined, sql, options);
  }

  /** Commits when `callback` resolves, rolls back when it rejects (or after tx.rollback()), like PGlite's. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextTransactionId++;
    await this.link.send({ op: 'begin', txId });
    const tx = new ThreadTransaction(this.link, this.changes, txId);
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      tx.markEnded();
      // The callback's error is the one that matters; a failing rollback has nothing to add to it.
      await this.link.send({ op: 'end', txId, commit: false }).catch(() => undefined);
      this.changes.noteTransactionEnd(txId);
      throw error;
    }
    tx.markEnded();
    try {
      await this.link.send({ op: 'end', txId, commit: true });
    } finally {
      this.changes.noteTransactionEnd(txId);
    }
    return result;
  }

  /** The data directory as a tarball, taken in the thread between statements. */
  async dumpDataDir(compression: DumpCompression = 'auto'): Promise<Blob> {
    const dump = (await this.link.send({ op: 'dump', compression })) as DumpMessage;
    return new Blob([dump.bytes], { type: dump.type });
  }

  close(): Promise<void> {
    return this.link.close();
  }
}
