import type * as PgliteModule from '@electric-sql/pglite';
import type * as Fs from 'node:fs';
import type * as WorkerThreads from 'node:worker_threads';
import type { WorkerReply, WorkerStartData } from './protocol';
import type { InTurn, Pglite, WorkerChannel } from './worker-context';
import type { workerRequestHandler } from './worker-requests';
import type { serializeWorkerError, workerStatements } from './worker-statements';
import type { workerTransactions } from './worker-transactions';
import type { workerResultSets } from './worker-results';
import type { workerWire } from './worker-wire';

/** The thread's other parts, handed in by spawn-worker.ts as source text beside this one. */
export interface WorkerParts {
  serializeWorkerError: typeof serializeWorkerError;
  workerResultSets: typeof workerResultSets;
  workerWire: typeof workerWire;
  workerStatements: typeof workerStatements;
  workerTransactions: typeof workerTransactions;
  workerRequestHandler: typeof workerRequestHandler;
}

/**
 * The PGlite thread. The main thread sends this function and its parts to the worker as source text
 * (spawn-worker.ts), because jest, tsx and the esbuild bundle each run our TypeScript their own way and none
 * of them can hand a worker a .ts file. So each of these functions must stay self-contained: no reference to
 * anything outside it (only `import type`, which compiles away); modules come through `load`, the thread's
 * require, and the parts through `parts`.
 *
 * Order: statements outside a transaction and whole transactions run one at a time in arrival order
 * (`inTurn`), so when a timed statement reports `started` it really is the only thing running; that is
 * what lets the main thread kill this thread on a statement timeout without losing anyone else's work.
 */
export function pgliteWorkerMain(load: (id: string) => unknown, parts: WorkerParts): void {
  const { workerData, parentPort } = load('node:worker_threads') as typeof WorkerThreads;
  const start = workerData as WorkerStartData;
  const { PGlite, messages, protocol, types } = load(start.pglitePath) as typeof PgliteModule;
  const extensions = Object.fromEntries(
    start.extensions.map(({ name, modulePath }) => [name, (load(modulePath) as Record<string, PgliteModule.Extension>)[name]]),
  ) as PgliteModule.Extensions;

  const channel: WorkerChannel = {
    post: (reply: WorkerReply, transfer: ArrayBuffer[] = []) => start.replies.postMessage(reply, transfer),
    serialize: (error) => parts.serializeWorkerError(error, messages.DatabaseError),
  };

  const opening = (async (): Promise<Pglite> => {
    // A data directory image skips initdb, which is most of an empty database's start-up cost.
    let image: Blob | undefined;
    if (start.imageFile) {
      const bytes = (load('node:fs') as typeof Fs).readFileSync(start.imageFile);
      const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
      image = new Blob([bytes], { type: gzipped ? 'application/x-gzip' : 'application/x-tar' });
    }
    const db = new PGlite(start.dataDir ?? 'memory://', { extensions, loadDataDir: image });
    await db.waitReady;
    if (start.statementTimeoutMs > 0) await db.exec(`SET statement_timeout = ${Math.floor(start.statementTimeoutMs)}`);
    return db;
  })();
  opening.then(
    () => channel.post({ kind: 'ready' }),
    (error: unknown) => channel.post({ kind: 'failed', error: channel.serialize(error) }),
  );

  let turn: Promise<unknown> = opening.catch(() => undefined);
  const inTurn: InTurn = (id, work) => {
    turn = turn.then(async () => {
      let db: Pglite;
      try {
        db = await opening;
      } catch (error) {
        channel.post({ kind: 'error', id, error: channel.serialize(error) });
        return;
      }
      await work(db);
    });
  };

  const statements = parts.workerStatements(
    channel,
    parts.workerWire(protocol, parts.workerResultSets(types.parsers), messages.DatabaseError),
  );
  const transactions = parts.workerTransactions(channel, statements.readStatementTimeout, statements.forgetParamTypes);
  parentPort?.on('message', parts.workerRequestHandler(channel, inTurn, statements, transactions));
}
