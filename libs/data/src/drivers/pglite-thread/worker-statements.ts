import type * as PgliteModule from '@electric-sql/pglite';
import type { QueryResultMessage, SerializedError } from './protocol';
import type { DatabaseErrorClass, Executor, StatementRequest, WorkerChannel } from './worker-context';

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

export interface WorkerStatements {
  /** Runs one statement on `on` and answers it; `touched` is told when it changed statement_timeout. */
  run(request: StatementRequest, on: Executor, touched: () => void): Promise<void>;
  /** The session's statement_timeout now, or undefined where it cannot be read (an aborted transaction). */
  readStatementTimeout(on: Executor): Promise<number | undefined>;
}

/** Statements outside and inside transactions: results go back as plain messages, values as PostgreSQL's text. */
export function workerStatements(channel: WorkerChannel): WorkerStatements {
  const TIMEOUT_SETTING = /statement_timeout/i;
  const toMessage = (result: PgliteModule.Results): QueryResultMessage => ({
    rows: result.rows,
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    affectedRows: result.affectedRows,
  });

  // The main thread applies the real parsers; here those types stay the text PostgreSQL sent.
  const keepText = (text: string): string => text;
  let lastRawOids = '';
  let lastParsers: Record<number, (text: string) => string> = {};
  const identityParsers = (oids: number[]): Record<number, (text: string) => string> => {
    const key = oids.join(',');
    if (key !== lastRawOids) {
      lastRawOids = key;
      lastParsers = Object.fromEntries(oids.map((oid) => [oid, keepText]));
    }
    return lastParsers;
  };

  const readStatementTimeout = async (on: Executor): Promise<number | undefined> => {
    try {
      const result = await on.query<{ ms: string }>("SELECT setting AS ms FROM pg_settings WHERE name = 'statement_timeout'");
      return Number(result.rows[0]?.ms ?? 0);
    } catch {
      return undefined; // an aborted transaction refuses every statement; the setting is moot there
    }
  };

  const run = async (request: StatementRequest, on: Executor, touched: () => void): Promise<void> => {
    if (request.timed) channel.post({ kind: 'started', id: request.id });
    try {
      const value =
        request.op === 'query'
          ? toMessage(await on.query(request.sql, request.params, { rowMode: request.rowMode, parsers: identityParsers(request.rawOids) }))
          : (await on.exec(request.sql)).map(toMessage);
      let statementTimeoutMs: number | undefined;
      if (TIMEOUT_SETTING.test(request.sql)) {
        touched();
        statementTimeoutMs = await readStatementTimeout(on);
      }
      channel.post({ kind: 'done', id: request.id, value, statementTimeoutMs });
    } catch (error) {
      channel.post({ kind: 'error', id: request.id, error: channel.serialize(error) });
    }
  };

  return { run, readStatementTimeout };
}
