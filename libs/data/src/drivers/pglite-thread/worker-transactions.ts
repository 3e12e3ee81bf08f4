import type { Executor, OpenTransaction, Pglite, WorkerChannel } from './worker-context';

// A part of the PGlite thread: sent as source text, so it names nothing outside itself.

export interface WorkerTransactions {
  /** Opens transaction `txId` (answering `id` once it is open); it ends when `end` or `rollback` settles it. */
  begin(id: number, txId: number, db: Pglite): Promise<void>;
  /** Runs `work` after the transaction's earlier statements, or answers `id` with an error when it is not open. */
  inTransaction(id: number, txId: number, work: (open: OpenTransaction) => Promise<void>): void;
}

/**
 * Interactive transactions: PGlite's transaction() callback stays open until the main thread says `end`; its
 * statements chain one after another. Its reply to `end` carries statement_timeout when a SET inside it may
 * have outlived the commit.
 */
export function workerTransactions(
  channel: WorkerChannel,
  readStatementTimeout: (on: Executor) => Promise<number | undefined>,
  /** Told when a transaction ends without committing: what it changed in the catalog is gone again. */
  rolledBack: () => void,
): WorkerTransactions {
  const { post, serialize } = channel;
  const transactions = new Map<number, OpenTransaction>();

  const begin = (id: number, txId: number, db: Pglite): Promise<void> => {
    let begun = false;
    let endId = -1;
    let touchedTimeout = false;
    return db
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((finish) => {
          transactions.set(txId, {
            db,
            tx,
            chain: Promise.resolve(),
            touchedTimeout: false,
            finish: (wanted, requestId) => {
              endId = requestId;
              finish(wanted);
            },
          });
          begun = true;
          post({ kind: 'done', id, value: null });
        });
        touchedTimeout = transactions.get(txId)?.touchedTimeout ?? false;
        if (!commit) rolledBack();
        if (!commit && !tx.closed) await tx.rollback();
      })
      .then(
        async () => {
          // SET (not LOCAL) inside a transaction outlives its commit; SET LOCAL does not: ask again.
          const statementTimeoutMs = touchedTimeout ? await readStatementTimeout(db) : undefined;
          post({ kind: 'done', id: endId, value: null, statementTimeoutMs });
        },
        (error: unknown) => {
          rolledBack();
          post({ kind: 'error', id: begun ? endId : id, error: serialize(error) });
        },
      )
      .finally(() => transactions.delete(txId));
  };

  const inTransaction = (id: number, txId: number, work: (open: OpenTransaction) => Promise<void>): void => {
    const open = transactions.get(txId);
    if (!open) {
      post({ kind: 'error', id, error: serialize(new Error(`no open transaction ${txId} on the embedded database`)) });
      return;
    }
    open.chain = open.chain.then(() => work(open));
  };

  return { begin, inTransaction };
}
