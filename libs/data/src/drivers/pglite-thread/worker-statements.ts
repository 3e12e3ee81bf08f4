import type { SerializedError } from './protocol';
import type { DatabaseErrorClass, Executor, Pglite, StatementRequest, WorkerChannel } from './worker-context';
import type { WorkerWire } from './worker-wire';

// Parts of the PGlite thread: each function is sent as source text, so it names nothing outside itself.

/** An error as the main thread can rebuild it: PostgreSQL's fields kept, everything else as name and message. */
export function serializeWorkerError(error: unknown, DatabaseError: DatabaseErrorClass): SerializedError {
  if (error instanceof DatabaseError) {
    const fields: Record<string, string> = {};
    // Strings only: the query options hold functions, and the parameters may hold secrets.
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === 'string' && key !== 'name' && key !== 'message') fields[key] = value;
    }
    return { database: true, name: error.name, message: error.message, stack: error.stack, fields };
  }
  if (error instanceof Error) return { database: false, name: error.name, message: error.message, stack: error.stack, fields: {} };
  // Emscripten's file system throws plain objects such as { name: 'ErrnoError', errno: 54 }.
  const { name, message, errno } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const described = [
    typeof name === 'string' ? name : String(error),
    typeof message === 'string' ? message : '',
    errno === undefined ? '' : `(errno ${String(errno)})`,
  ];
  return { database: false, name: 'Error', message: described.filter(Boolean).join(' '), fields: {} };
}

/** Where a statement runs: on the database, or in one of its open transactions. */
export interface StatementTarget {
  db: Pglite;
  tx?: { closed: boolean } & Executor;
}

export interface WorkerStatements {
  /** Runs one statement on `on` and answers it; `touched` is told when it changed statement_timeout. */
  run(request: StatementRequest, on: StatementTarget, touched: () => void): Promise<void>;
  /** The session's statement_timeout now, or undefined where it cannot be read (an aborted transaction). */
  readStatementTimeout(on: Executor): Promise<number | undefined>;
  /** After a rollback: the parameter types the wire learned may belong to a catalog that is gone. */
  forgetParamTypes(): void;
}

/**
 * Statements outside and inside transactions, run on the wire (worker-wire.ts): results go back as plain
 * messages, the types the main thread parses (`rawOids`) as PostgreSQL's text.
 */
export function workerStatements(channel: WorkerChannel, wire: WorkerWire): WorkerStatements {
  const TIMEOUT_SETTING = /statement_timeout/i;

  const readStatementTimeout = async (on: Executor): Promise<number | undefined> => {
    try {
      const result = await on.query<{ ms: string }>("SELECT setting AS ms FROM pg_settings WHERE name = 'statement_timeout'");
      return Number(result.rows[0]?.ms ?? 0);
    } catch {
      return undefined; // an aborted transaction refuses every statement; the setting is moot there
    }
  };

  const run = async (request: StatementRequest, on: StatementTarget, touched: () => void): Promise<void> => {
    if (request.timed) channel.post({ kind: 'started', id: request.id });
    try {
      // A transaction's statements after its rollback fail as PGlite's own transaction object fails them.
      if (on.tx?.closed) throw new Error('Transaction is closed');
      const inTransaction = on.tx !== undefined;
      const value =
        request.op === 'query'
          ? await wire.query(on.db, inTransaction, {
              sql: request.sql,
              params: request.params,
              rowMode: request.rowMode ?? 'object',
              rawOids: request.rawOids,
            })
          : await wire.exec(on.db, inTransaction, request.sql);
      let statementTimeoutMs: number | undefined;
      if (TIMEOUT_SETTING.test(request.sql)) {
        touched();
        statementTimeoutMs = await readStatementTimeout(on.tx ?? on.db);
      }
      channel.post({ kind: 'done', id: request.id, value, statementTimeoutMs });
    } catch (error) {
      channel.post({ kind: 'error', id: request.id, error: channel.serialize(error) });
    }
  };

  return { run, readStatementTimeout, forgetParamTypes: () => wire.forgetParamTypes() };
}
