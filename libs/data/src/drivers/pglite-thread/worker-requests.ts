import type { DumpMessage, WorkerRequest } from './protocol';
import type { InTurn, Pglite, WorkerChannel } from './worker-context';
import type { WorkerStatements } from './worker-statements';
import type { WorkerTransactions } from './worker-transactions';

// A part of the PGlite thread: sent as source text, so it names nothing outside itself.

/** Routes each request from the main thread: in turn with everything else, or in its open transaction. */
export function workerRequestHandler(
  channel: WorkerChannel,
  inTurn: InTurn,
  statements: WorkerStatements,
  transactions: WorkerTransactions,
): (request: WorkerRequest) => void {
  const { post, serialize } = channel;
  const { inTransaction } = transactions;

  /** Runs `work` in turn and answers `id` with its value, or with the error it threw. */
  const answerInTurn = (id: number, work: (db: Pglite) => Promise<DumpMessage | null>): void =>
    inTurn(id, async (db) => {
      try {
        const value = await work(db);
        post({ kind: 'done', id, value }, value ? [value.bytes.buffer as ArrayBuffer] : []);
      } catch (error) {
        post({ kind: 'error', id, error: serialize(error) });
      }
    });

  return (request: WorkerRequest): void => {
    switch (request.op) {
      case 'query':
      case 'exec':
        if (request.txId === undefined) {
          inTurn(request.id, (db) => statements.run(request, { db }, () => undefined));
        } else {
          inTransaction(request.id, request.txId, (open) =>
            statements.run(request, { db: open.db, tx: open.tx }, () => {
              open.touchedTimeout = true;
            }),
          );
        }
        return;
      case 'begin':
        inTurn(request.id, (db) => transactions.begin(request.id, request.txId, db));
        return;
      case 'rollback':
        inTransaction(request.id, request.txId, async (open) => {
          try {
            statements.forgetParamTypes();
            if (!open.tx.closed) await open.tx.rollback();
            post({ kind: 'done', id: request.id, value: null });
          } catch (error) {
            post({ kind: 'error', id: request.id, error: serialize(error) });
          }
        });
        return;
      case 'end':
        inTransaction(request.id, request.txId, async (open) => open.finish(request.commit, request.id));
        return;
      case 'dump':
        answerInTurn(request.id, async (db) => {
          const file = await db.dumpDataDir(request.compression);
          return { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type };
        });
        return;
      case 'close':
        answerInTurn(request.id, async (db) => {
          await db.close();
          return null;
        });
        return;
    }
  };
}
