import { receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { abortedTransactionError, reviveError, statementTimeoutError } from './database-errors';
import type { WorkerReply, WorkerRequest } from './protocol';
import { spawnPgliteWorker } from './spawn-worker';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type LinkRequest = DistributiveOmit<WorkerRequest, 'id' | 'timed'>;

interface Pending {
  request: WorkerRequest;
  /** statement_timeout in force for this statement (0: none, or not enforced). */
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * Requests to the PGlite thread and their answers, plus statement_timeout, which PGlite itself ignores:
 * the link tracks the setting (session-wide, and per transaction for SET LOCAL), starts a clock when a
 * timed statement begins to run, and when the clock runs out terminates the thread and starts another on
 * the same data directory. That is safe because the thread runs one thing at a time (see worker-main.ts):
 * the stopped statement was the only thing running, so everything else still waiting is sent again to the
 * new thread. Session state other than statement_timeout (SET ..., advisory locks) does not survive that.
 *
 * In memory (dataDir null) a restart would lose the whole database, so timeouts are not enforced there.
 */
export class WorkerLink {
  private worker: Worker | null;
  private replies: MessagePort;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private sessionTimeoutMs = 0;
  private readonly transactionTimeoutMs = new Map<number, number>();
  /** Transactions a statement timeout ended: their statements fail with 25P02 until they end. */
  private readonly abortedTransactions = new Set<number>();
  private broken: Error | null = null;
  private closing = false;
  private readonly enforceTimeouts: boolean;
  /** Restarts after a timeout so far (for tests and diagnostics). */
  restarts = 0;

  private readonly firstReady: Promise<void>;
  private settleFirstReady: (error: Error | null) => void = () => undefined;

  private constructor(
    private readonly dataDir: string | null,
    private readonly imageFile?: string,
  ) {
    this.enforceTimeouts = dataDir !== null;
    this.firstReady = new Promise<void>((resolve, reject) => {
      this.settleFirstReady = (error) => {
        this.settleFirstReady = () => undefined;
        if (error) reject(error);
        else resolve();
      };
    });
    ({ worker: this.worker, replies: this.replies } = this.spawn());
  }

  /** Resolves once the thread has opened the database; rejects with its error otherwise. */
  static async open(dataDir: string | null, imageFile?: string): Promise<WorkerLink> {
    const link = new WorkerLink(dataDir, imageFile);
    await link.firstReady;
    return link;
  }

  get isClosed(): boolean {
    return this.closing;
  }

  send(request: LinkRequest): Promise<unknown> {
    if (this.closing && request.op !== 'close') return Promise.reject(new Error('PGlite is closed'));
    if (this.broken) return Promise.reject(this.broken);
    const txId = 'txId' in request ? request.txId : undefined;
    if (txId !== undefined && this.abortedTransactions.has(txId)) return this.answerAborted(request, txId);
    const id = this.nextId++;
    const timeoutMs = this.timeoutFor(request, txId);
    const full = { ...request, id, timed: timeoutMs > 0 } as WorkerRequest;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { request: full, timeoutMs, resolve, reject });
      // No thread while one restarts: the restart sends everything pending once the new one exists.
      this.worker?.postMessage(full);
    });
  }

  /** Finishes the thread (after whatever is queued) and stops it. */
  async close(): Promise<void> {
    if (this.closing) return;
    try {
      if (!this.broken) await this.send({ op: 'close' });
    } finally {
      this.closing = true;
      await this.stopWorker();
    }
  }

  private timeoutFor(request: LinkRequest, txId: number | undefined): number {
    if (!this.enforceTimeouts || (request.op !== 'query' && request.op !== 'exec')) return 0;
    return (txId === undefined ? undefined : this.transactionTimeoutMs.get(txId)) ?? this.sessionTimeoutMs;
  }

  private answerAborted(request: LinkRequest, txId: number): Promise<unknown> {
    const endsIt = request.op === 'rollback' || (request.op === 'end' && !request.commit);
    if (request.op === 'end') this.abortedTransactions.delete(txId);
    // Rolling back what the restart already threw away succeeds; committing it cannot.
    return endsIt ? Promise.resolve(null) : Promise.reject(abortedTransactionError());
  }

  private spawn(): { worker: Worker; replies: MessagePort } {
    const spawned = spawnPgliteWorker(this.dataDir, this.sessionTimeoutMs, this.imageFile);
    spawned.replies.on('message', (reply: WorkerReply) => this.dispatch(reply));
    spawned.worker.on('error', (error) =>
      this.breakDown(new Error(`the embedded database thread failed: ${error.message}`, { cause: error })),
    );
    spawned.worker.on('exit', (code) => {
      if (spawned.worker === this.worker && !this.closing) this.breakDown(new Error(`the embedded database thread exited (code ${code})`));
    });
    return spawned;
  }

  private dispatch(reply: WorkerReply): void {
    switch (reply.kind) {
      case 'ready':
        this.settleFirstReady(null);
        return;
      case 'failed': {
        const error = reviveError(reply.error);
        const where = this.dataDir ?? 'in memory';
        const context =
          this.restarts > 0
            ? `could not restart the embedded database (${where}) after a statement timeout`
            : `could not open the embedded database (${where})`;
        this.breakDown(new Error(`${context}: ${error.message}`, { cause: error }));
        return;
      }
      case 'started': {
        const pending = this.pending.get(reply.id);
        if (pending && pending.timeoutMs > 0) {
          pending.timer = setTimeout(() => this.onTimeout(reply.id), pending.timeoutMs);
        }
        return;
      }
      case 'done':
      case 'error': {
        const pending = this.pending.get(reply.id);
        if (!pending) return;
        this.pending.delete(reply.id);
        clearTimeout(pending.timer);
        if (reply.kind === 'done') {
          this.noteTimeoutSetting(pending.request, reply.statementTimeoutMs);
          pending.resolve(reply.value);
        } else {
          if (pending.request.op === 'end') this.transactionTimeoutMs.delete(pending.request.txId);
          pending.reject(reviveError(reply.error));
        }
      }
    }
  }

  private noteTimeoutSetting(request: WorkerRequest, statementTimeoutMs: number | undefined): void {
    if (request.op === 'end') this.transactionTimeoutMs.delete(request.txId);
    if (statementTimeoutMs === undefined) return;
    if ((request.op === 'query' || request.op === 'exec') && request.txId !== undefined) {
      this.transactionTimeoutMs.set(request.txId, statementTimeoutMs);
    } else {
      this.sessionTimeoutMs = statementTimeoutMs;
    }
  }

  private onTimeout(id: number): void {
    // The answer may already be waiting in the port: take it rather than kill a statement that finished.
    for (let message = receiveMessageOnPort(this.replies); message; message = receiveMessageOnPort(this.replies)) {
      this.dispatch(message.message as WorkerReply);
    }
    const stopped = this.pending.get(id);
    if (!stopped || this.closing || this.broken) return;
    void this.restartAfterTimeout(id, stopped);
  }

  private async restartAfterTimeout(id: number, stopped: Pending): Promise<void> {
    this.pending.delete(id);
    const txId = 'txId' in stopped.request ? stopped.request.txId : undefined;
    if (txId !== undefined) {
      this.abortedTransactions.add(txId);
      this.transactionTimeoutMs.delete(txId);
    }
    // Everything else still pending had not begun (one thing runs at a time); the stopped transaction's
    // later statements are the exception, and fail the way PostgreSQL fails them.
    for (const [otherId, other] of this.pending) {
      const otherTx = 'txId' in other.request ? other.request.txId : undefined;
      if (txId !== undefined && otherTx === txId) {
        this.pending.delete(otherId);
        this.answerAborted(other.request, txId).then(other.resolve, other.reject);
      }
    }
    stopped.reject(statementTimeoutError(stopped.timeoutMs));
    const old = this.worker;
    this.worker = null; // exits of the old thread are expected from here on
    this.replies.close();
    if (old) {
      old.removeAllListeners('exit');
      await old.terminate();
    }
    if (this.closing) return;
    this.restarts += 1;
    const spawned = this.spawn();
    ({ worker: this.worker, replies: this.replies } = spawned);
    for (const other of this.pending.values()) spawned.worker.postMessage(other.request);
  }

  private breakDown(error: Error): void {
    if (this.closing || this.broken) return;
    this.settleFirstReady(error);
    this.broken = new Error(`${error.message}; the embedded database is unavailable until the service restarts`, { cause: error });
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(this.broken);
    }
    this.pending.clear();
    void this.stopWorker();
  }

  private async stopWorker(): Promise<void> {
    this.replies.close();
    await this.worker?.terminate();
  }
}
