/**
 * Messages between the main thread and the thread that runs PGlite. Everything here crosses by
 * structured clone, so no functions: parsers travel as the OIDs to leave as text (see result-parsers.ts).
 */
import type { MessagePort } from 'node:worker_threads';
import type { ExtensionModule } from './extension-modules';

export type DumpCompression = 'none' | 'gzip' | 'auto';

/** `txId` names an open transaction; without it the statement runs on its own, after whatever is queued. */
export type WorkerRequest =
  | {
      op: 'query';
      id: number;
      txId?: number;
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      rawOids: number[];
      timed: boolean;
    }
  | { op: 'exec'; id: number; txId?: number; sql: string; timed: boolean }
  | { op: 'begin'; id: number; txId: number }
  | { op: 'rollback'; id: number; txId: number }
  | { op: 'end'; id: number; txId: number; commit: boolean }
  | { op: 'dump'; id: number; compression: DumpCompression }
  | { op: 'close'; id: number };

export interface SerializedError {
  /** True for PostgreSQL's own errors (messages.DatabaseError), which the main thread re-creates as such. */
  database: boolean;
  name: string;
  message: string;
  stack?: string;
  /** The DatabaseError's fields (code, detail, constraint, table, column, ...), all strings. */
  fields: Record<string, string>;
}

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  /** A timed statement has begun to run (it holds the connection): the main thread starts its clock now. */
  | { kind: 'started'; id: number }
  /** `statementTimeoutMs` is the setting after a statement that mentioned statement_timeout, or after a transaction that did. */
  | { kind: 'done'; id: number; value: unknown; statementTimeoutMs?: number }
  /** A failed or rolled-back transaction leaves the session's statement_timeout as it was: nothing to report. */
  | { kind: 'error'; id: number; error: SerializedError };

export interface WorkerStartData {
  pglitePath: string;
  extensions: ExtensionModule[];
  dataDir: string | null;
  /** In memory only: a tarball of a data directory (dumpDataDir 'none') to start from instead of an empty cluster. */
  imageFile?: string;
  /** The session's statement_timeout to restore in a restarted worker (0: none). */
  statementTimeoutMs: number;
  replies: MessagePort;
}

export interface QueryResultMessage {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

export interface DumpMessage {
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
}
