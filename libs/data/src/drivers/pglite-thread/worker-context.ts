import type * as PgliteModule from '@electric-sql/pglite';
import type { SerializedError, WorkerReply, WorkerRequest } from './protocol';

// Types only: every part of the PGlite thread is sent as source text and may not import a value.

export type Pglite = InstanceType<typeof PgliteModule.PGlite>;
export type Executor = Pick<Pglite, 'query' | 'exec'>;
export type StatementRequest = Extract<WorkerRequest, { op: 'query' | 'exec' }>;
export type DatabaseErrorClass = typeof PgliteModule.messages.DatabaseError;

export interface OpenTransaction {
  /** The database the transaction runs on (its statements go to the wire directly). */
  db: Pglite;
  tx: PgliteModule.Transaction;
  /** This transaction's statements, one after another in arrival order. */
  chain: Promise<void>;
  touchedTimeout: boolean;
  finish(commit: boolean, endId: number): void;
}

/** What every part of the thread shares: how to answer the main thread and how to describe an error to it. */
export interface WorkerChannel {
  post(reply: WorkerReply, transfer?: ArrayBuffer[]): void;
  serialize(error: unknown): SerializedError;
}

/** Runs `work` once the database is open, after everything that arrived before it (see pgliteWorkerMain). */
export type InTurn = (id: number, work: (db: Pglite) => Promise<void>) => void;
