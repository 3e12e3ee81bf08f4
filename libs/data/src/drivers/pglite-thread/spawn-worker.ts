import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { extensionModules } from './extension-modules';
import type { WorkerStartData } from './protocol';
import { pgliteWorkerMain, type WorkerParts } from './worker-main';
import { workerRequestHandler } from './worker-requests';
import { serializeWorkerError, workerStatements } from './worker-statements';
import { workerTransactions } from './worker-transactions';
import { workerResultSets } from './worker-results';
import { workerWire } from './worker-wire';

// Source text, not a file: under jest and tsx the file is TypeScript a bare worker cannot load, and the
// esbuild bundle has no separate file at all. `require` is the eval'd worker's own CommonJS require.
// tsx compiles with esbuild's keepNames, which wraps inner functions in `__name(fn, "name")`: define it.
// The parts travel as an object of function expressions, keyed here, so no part depends on the name a
// compiler or bundler gave another.
const WORKER_PARTS: WorkerParts = {
  serializeWorkerError,
  workerResultSets,
  workerWire,
  workerStatements,
  workerTransactions,
  workerRequestHandler,
};
const WORKER_SOURCE = [
  'const __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });',
  `const parts = { ${Object.entries(WORKER_PARTS)
    .map(([key, part]: [string, (...args: never[]) => unknown]) => `${key}: ${part.toString()}`)
    .join(',\n')} };`,
  `(${pgliteWorkerMain.toString()})(require, parts);`,
].join('\n');

export interface SpawnedWorker {
  worker: Worker;
  /** The thread's replies arrive here (not on the worker itself) so they can be drained synchronously. */
  replies: MessagePort;
}

/** Starts a PGlite thread on `dataDir` (null: in memory); it answers `ready` or `failed` on `replies`. */
export function spawnPgliteWorker(dataDir: string | null, statementTimeoutMs: number, imageFile?: string): SpawnedWorker {
  const { port1, port2 } = new MessageChannel();
  const workerData: WorkerStartData = {
    // Resolved here, where the package is known to be found: the thread's require starts from the cwd.
    pglitePath: require.resolve('@electric-sql/pglite'),
    extensions: extensionModules(),
    dataDir,
    imageFile,
    statementTimeoutMs,
    replies: port2,
  };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData, transferList: [port2] });
  return { worker, replies: port1 };
}
