import type * as PgliteModule from '@electric-sql/pglite';
import type { QueryResultMessage } from './protocol';
import type { DatabaseErrorClass, Pglite } from './worker-context';
import type { BackendMessage, ResultSets } from './worker-results';

// A part of the PGlite thread: sent as source text, so it names nothing outside itself.

export interface WorkerWire {
  /**
   * One statement with parameters (the extended protocol), as PGlite's query() would answer it; `inTransaction`
   * when it runs in an open transaction (PGlite syncs the file system after the others).
   */
  query(
    db: Pglite,
    inTransaction: boolean,
    statement: { sql: string; params: unknown[]; rowMode: 'array' | 'object'; rawOids: number[] },
  ): Promise<QueryResultMessage>;
  /** A script of statements (the simple protocol), as PGlite's exec() would answer it. */
  exec(db: Pglite, inTransaction: boolean, sql: string): Promise<QueryResultMessage[]>;
  /** Forgets the parameter types learned so far (the catalog may have changed). */
  forgetParamTypes(): void;
}

/**
 * Statements on PGlite's wire protocol directly, with the answers PGlite's query() and exec() give (the same
 * messages, serializers, parsers and errors). Why: query() enters the WASM backend six times per statement
 * (parse, describe, bind, describe, execute, sync) and copies its whole parser table (300-odd types) into a
 * new object for every answer, which together cost more than most of our statements themselves. Here one
 * statement is one message: its parameter types (what query() asks the describe step for, to pick each
 * value's serializer) are learned once per statement text and kept until a statement other than a plain
 * SELECT/INSERT/UPDATE/DELETE/WITH runs or a transaction rolls back (either may change the catalog).
 */
export function workerWire(protocol: typeof PgliteModule.protocol, resultSets: ResultSets, DatabaseError: DatabaseErrorClass): WorkerWire {
  const serialize = protocol.serialize;
  const PARAM_TYPES_KEPT = 1000;
  const PLAIN_STATEMENT = /^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
  const paramTypes = new Map<string, number[]>();

  const message = (parts: Uint8Array[]): Uint8Array => {
    let length = 0;
    for (const part of parts) length += part.length;
    const whole = new Uint8Array(length);
    let offset = 0;
    for (const part of parts) {
      whole.set(part, offset);
      offset += part.length;
    }
    return whole;
  };

  /** What PGlite's query/exec do before running: refuse once the database is closed. */
  const checkOpen = (db: Pglite) => {
    if (db.closed) throw new Error('PGlite is closed');
  };

  /** PGlite's makePGliteError: the statement rides on the database error. */
  const withStatement = (error: unknown, sql: string, params: unknown[] | undefined, options: object | undefined): unknown => {
    if (error instanceof DatabaseError) Object.assign(error, { query: sql, params, queryOptions: options });
    return error;
  };

  /** Runs one protocol message; PGlite syncs the file system after each statement outside a transaction. */
  const run = async (db: Pglite, inTransaction: boolean, wire: Uint8Array): Promise<BackendMessage[]> => {
    const messages = await db.execProtocolStream(wire, { syncToFs: false });
    if (!inTransaction) await db.syncToFs();
    return messages;
  };

  const typesOf = async (db: Pglite, sql: string): Promise<number[]> => {
    const known = paramTypes.get(sql);
    if (known) return known;
    const answer = await db.execProtocolStream(
      message([serialize.parse({ text: sql }), serialize.describe({ type: 'S' }), serialize.sync()]),
      { syncToFs: false },
    );
    const description = answer.find((reply) => reply.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const types = description?.dataTypeIDs ?? [];
    if (PLAIN_STATEMENT.test(sql)) {
      if (paramTypes.size >= PARAM_TYPES_KEPT) paramTypes.delete(paramTypes.keys().next().value as string);
      paramTypes.set(sql, types);
    }
    return types;
  };

  const query: WorkerWire['query'] = async (db, inTransaction, { sql, params, rowMode, rawOids }) => {
    checkOpen(db);
    const options = { rowMode, rawOids };
    try {
      const types = await typesOf(db, sql);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = types[i] as number;
        const serializer = db.serializers[oid] as ((value: unknown) => string) | undefined;
        return serializer ? serializer(param) : (param as { toString(): string }).toString();
      });
      const messages = await run(
        db,
        inTransaction,
        message([
          serialize.parse({ text: sql, types }),
          serialize.bind({ values: values as Array<string | null> }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      if (!PLAIN_STATEMENT.test(sql)) paramTypes.clear();
      return resultSets(messages, db.parsers, rawOids, rowMode)[0] as QueryResultMessage;
    } catch (error) {
      if (!PLAIN_STATEMENT.test(sql)) paramTypes.clear();
      throw withStatement(error, sql, params, options);
    }
  };

  const exec: WorkerWire['exec'] = async (db, inTransaction, sql) => {
    checkOpen(db);
    paramTypes.clear();
    try {
      return resultSets(await run(db, inTransaction, message([serialize.query(sql), serialize.sync()])), db.parsers, [], 'object');
    } catch (error) {
      throw withStatement(error, sql, undefined, undefined);
    }
  };

  return { query, exec, forgetParamTypes: () => paramTypes.clear() };
}
