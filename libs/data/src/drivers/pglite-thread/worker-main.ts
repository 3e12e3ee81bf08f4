import type * as PgliteModule from '@electric-sql/pglite';
import type * as Fs from 'node:fs';
import type * as WorkerThreads from 'node:worker_threads';
import type { DumpMessage, QueryResultMessage, SerializedError, WorkerReply, WorkerRequest, WorkerStartData } from './protocol';

type QueryRequest = Extract<WorkerRequest, { op: 'query' }>;
type ExecRequest = Extract<WorkerRequest, { op: 'exec' }>;

/**
 * The PGlite thread. The main thread sends this function to the worker as source text (spawn-worker.ts),
 * because jest, tsx and the esbuild bundle each run our TypeScript their own way and none of them can
 * hand a worker a .ts file. So this body must stay self-contained: no reference to anything outside it
 * (only `import type` above, which compiles away), modules come through `load`, the thread's require.
 *
 * Order: statements outside a transaction and whole transactions run one at a time in arrival order
 * (`inTurn`), so when a timed statement reports `started` it really is the only thing running; that is
 * what lets the main thread kill this thread on a statement timeout without losing anyone else's work.
 */
export function pgliteWorkerMain(load: (id: string) => unknown): void {
  const { workerData, parentPort } = load('node:worker_threads') as typeof WorkerThreads;
  const start = workerData as WorkerStartData;
  const { PGlite, messages } = load(start.pglitePath) as typeof PgliteModule;
  const extensions = Object.fromEntries(
    start.extensions.map(({ name, modulePath }) => [name, (load(modulePath) as Record<string, PgliteModule.Extension>)[name]]),
  ) as PgliteModule.Extensions;
  const TIMEOUT_SETTING = /statement_timeout/i;

  type Pglite = InstanceType<typeof PGlite>;
  type Executor = Pick<Pglite, 'query' | 'exec'>;
  interface OpenTransaction {
    tx: PgliteModule.Transaction;
    /** This transaction's statements, one after another in arrival order. */
    chain: Promise<void>;
    touchedTimeout: boolean;
    finish(commit: boolean, endId: number): void;
  }

  const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []): void => start.replies.postMessage(reply, transfer);

  const serialize = (error: unknown): SerializedError => {
    if (error instanceof messages.DatabaseError) {
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
  };

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

  const runStatement = async (request: QueryRequest | ExecRequest, on: Executor, touched: () => void): Promise<void> => {
    if (request.timed) post({ kind: 'started', id: request.id });
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
      post({ kind: 'done', id: request.id, value, statementTimeoutMs });
    } catch (error) {
      post({ kind: 'error', id: request.id, error: serialize(error) });
    }
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
    () => post({ kind: 'ready' }),
    (error: unknown) => post({ kind: 'failed', error: serialize(error) }),
  );

  let turn: Promise<unknown> = opening.catch(() => undefined);
  const inTurn = (id: number, work: (db: Pglite) => Promise<void>): void => {
    turn = turn.then(async () => {
      let db: Pglite;
      try {
        db = await opening;
      } catch (error) {
        post({ kind: 'error', id, error: serialize(error) });
        return;
      }
      await work(db);
    });
  };

  const transactions = new Map<number, OpenTransaction>();

  const begin = (id: number, txId: number, db: Pglite): Promise<void> => {
    let begun = false;
    let endId = -1;
    let touchedTimeout = false;
    return db
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((finish) => {
          transactions.set(txId, {
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
        if (!commit && !tx.closed) await tx.rollback();
      })
      .then(
        async () => {
          // SET (not LOCAL) inside a transaction outlives its commit; SET LOCAL does not: ask again.
          const statementTimeoutMs = touchedTimeout ? await readStatementTimeout(db) : undefined;
          post({ kind: 'done', id: endId, value: null, statementTimeoutMs });
        },
        (error: unknown) => post({ kind: 'error', id: begun ? endId : id, error: serialize(error) }),
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

  const handle = (request: WorkerRequest): void => {
    switch (request.op) {
      case 'query':
      case 'exec':
        if (request.txId === undefined) {
          inTurn(request.id, (db) => runStatement(request, db, () => undefined));
        } else {
          inTransaction(request.id, request.txId, (open) =>
            runStatement(request, open.tx, () => {
              open.touchedTimeout = true;
            }),
          );
        }
        return;
      case 'begin':
        inTurn(request.id, (db) => begin(request.id, request.txId, db));
        return;
      case 'rollback':
        inTransaction(request.id, request.txId, async (open) => {
          try {
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
        inTurn(request.id, async (db) => {
          try {
            const file = await db.dumpDataDir(request.compression);
            const dump: DumpMessage = { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type };
            post({ kind: 'done', id: request.id, value: dump }, [dump.bytes.buffer]);
          } catch (error) {
            post({ kind: 'error', id: request.id, error: serialize(error) });
          }
        });
        return;
      case 'close':
        inTurn(request.id, async (db) => {
          try {
            await db.close();
            post({ kind: 'done', id: request.id, value: null });
          } catch (error) {
            post({ kind: 'error', id: request.id, error: serialize(error) });
          }
        });
        return;
    }
  };

  parentPort?.on('message', handle);
}
