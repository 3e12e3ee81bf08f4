import type { PrismaClient } from '@huntforge/data';
import { MCP_ERROR_CODES, SQL_MAX_ROWS } from '@huntforge/contracts/mcp';
import { ToolError } from '../errors/tool-error';
import { checkStatement, loadSqlParser } from '../sql/statement-checker';
import { READ_ONLY_ROLE } from '../sql/table-allowlist';
import { LaneFull, SingleLane } from '../sql/single-lane';

export const STATEMENT_TIMEOUT = '5s';
/** The embedded database answers every other request on the same thread: a query there gets less time. */
export const EMBEDDED_STATEMENT_TIMEOUT = '2s';
/** query_sql calls that may wait behind the running one on the embedded database; more are refused (sql_busy). */
export const EMBEDDED_QUEUE = 2;
/** Results nested deeper than this are refused: parsing and validating them would exhaust the stack. */
const MAX_RESULT_DEPTH = 200;
/** Prisma's own limit on the interactive transaction, a little above the statement timeout. */
const TRANSACTION_TIMEOUT_MS = 8_000;
/**
 * The planner's cost estimate above which the embedded database refuses a query before running it. PGlite
 * has one connection, so every other request waits behind a running statement; at a year's scale plans
 * cost about 100 units per millisecond there, so this is roughly a second (an everyday report costs
 * hundreds to a few thousand units; a self-join of the articles, millions).
 */
export const EMBEDDED_PLAN_COST_LIMIT = 100_000;

export interface QueryResult {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  row_count: number;
  truncated: boolean;
  duration_ms: number;
}

/**
 * Runs one checked query: READ ONLY transaction, statement_timeout, the read-only role (SELECT on the
 * allowlist only), rows read through a cursor so at most max_rows + 1 ever leave the server. Each row
 * comes back as to_json text so every column type (vectors, numerics, timestamps) arrives JSON-safe and
 * in the query's column order.
 */
export class ReadOnlySqlRunner {
  private roleChecked = false;
  /** The embedded database runs one query_sql at a time (its one thread also serves every other request). */
  private readonly lane = new SingleLane(EMBEDDED_QUEUE);

  /**
   * `kind` says how a running statement can be stopped: PostgreSQL cancels it from another connection
   * (pg_cancel_backend); PGlite runs it to the end in its one WebAssembly thread, so an aborted query's
   * rows are only discarded.
   */
  constructor(
    private readonly prisma: PrismaClient,
    private readonly kind: 'postgres' | 'pglite',
  ) {}

  async run(sql: string, maxRows: number = SQL_MAX_ROWS, signal?: AbortSignal): Promise<QueryResult> {
    await loadSqlParser();
    const check = checkStatement(sql, { allowRecursive: this.kind === 'postgres', allowJsonParsing: this.kind === 'postgres' });
    if (!check.ok) throw new ToolError(MCP_ERROR_CODES.sqlRefused, check.reason);
    await this.ensureRole();
    const limit = Math.min(maxRows, SQL_MAX_ROWS);
    if (this.kind === 'postgres') return this.execute(check.statement, limit, signal);
    try {
      return await this.lane.run(() => this.execute(check.statement, limit, signal));
    } catch (error) {
      if (!(error instanceof LaneFull)) throw error;
      throw new ToolError(
        MCP_ERROR_CODES.sqlBusy,
        `The embedded database runs one query_sql at a time and ${EMBEDDED_QUEUE} are already waiting; retry in a few seconds`,
      );
    }
  }

  /**
   * The database side alone, without the statement checker: what stays enforced if the checker ever
   * lets something through. Exposed for the tests that prove it.
   */
  async execute(statement: string, maxRows: number, signal?: AbortSignal): Promise<QueryResult> {
    const started = performance.now();
    if (signal?.aborted) throw cancelled();
    let fetched: Array<{ hf_row: string }>;
    let stopWatching = NOTHING_TO_STOP;
    try {
      fetched = await this.prisma.$transaction(
        async (tx) => {
          if (signal && this.kind === 'postgres') {
            const [backend] = await tx.$queryRawUnsafe<Array<{ pid: number }>>('SELECT pg_backend_pid() AS pid');
            stopWatching = this.cancelOnAbort(signal, backend?.pid);
          }
          await tx.$executeRawUnsafe('SET TRANSACTION READ ONLY');
          await tx.$executeRawUnsafe(
            `SET LOCAL statement_timeout = '${this.kind === 'pglite' ? EMBEDDED_STATEMENT_TIMEOUT : STATEMENT_TIMEOUT}'`,
          );
          await tx.$executeRawUnsafe(`SET LOCAL ROLE ${READ_ONLY_ROLE}`);
          // The newline keeps a trailing `-- comment` of the statement from swallowing the wrapper.
          const wrapped = `SELECT to_json(hf_q)::text AS hf_row FROM (\n${statement}\n) AS hf_q`;
          if (this.kind === 'pglite') await refuseCostlyPlan(tx, wrapped);
          await tx.$executeRawUnsafe(`DECLARE hf_mcp_rows NO SCROLL CURSOR FOR ${wrapped}`);
          return tx.$queryRawUnsafe<Array<{ hf_row: string }>>(`FETCH FORWARD ${maxRows + 1} FROM hf_mcp_rows`);
        },
        { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS },
      );
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      if (error instanceof ToolError) throw error;
      throw new ToolError(MCP_ERROR_CODES.sqlFailed, `The query failed: ${databaseMessage(error)}`);
    } finally {
      stopWatching();
    }
    if (signal?.aborted) throw cancelled();
    const truncated = fetched.length > maxRows;
    if (fetched.some((row) => textDepth(row.hf_row) > MAX_RESULT_DEPTH)) {
      throw new ToolError(
        MCP_ERROR_CODES.sqlRefused,
        `The result nests JSON more than ${MAX_RESULT_DEPTH} levels deep; select a part of it instead`,
      );
    }
    const rows = fetched.slice(0, maxRows).map((row) => JSON.parse(row.hf_row) as Record<string, unknown>);
    return {
      columns: rows[0] ? Object.keys(rows[0]) : [],
      rows,
      row_count: rows.length,
      truncated,
      duration_ms: Math.round(performance.now() - started),
    };
  }

  /**
   * Cancels the transaction's statement from another connection when the caller gives up. The owner of
   * the backend (our own database user) may cancel it; pg_cancel_backend stops only the running statement.
   */
  private cancelOnAbort(signal: AbortSignal, pid: number | undefined): () => void {
    if (pid === undefined) return NOTHING_TO_STOP;
    const cancel = () => {
      this.prisma.$queryRawUnsafe('SELECT pg_cancel_backend($1)', pid).catch(() => {
        // Nothing to do: the statement then ends on its own or at statement_timeout.
      });
    };
    signal.addEventListener('abort', cancel, { once: true });
    return () => signal.removeEventListener('abort', cancel);
  }

  private async ensureRole(): Promise<void> {
    if (this.roleChecked) return;
    const found = await this.prisma.$queryRawUnsafe<unknown[]>('SELECT 1 FROM pg_roles WHERE rolname = $1', READ_ONLY_ROLE);
    if (found.length === 0) {
      throw new ToolError(
        MCP_ERROR_CODES.sqlUnavailable,
        `query_sql is disabled: the database role ${READ_ONLY_ROLE} does not exist (the migrating user lacked CREATEROLE); ask an administrator to run the mcp_readonly_role migration as a superuser`,
      );
    }
    this.roleChecked = true;
  }
}

const NOTHING_TO_STOP = (): void => undefined;

/** The deepest nesting of a JSON text's arrays and objects (brackets inside strings are skipped). */
function textDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth);
    else if (char === ']' || char === '}') depth--;
  }
  return deepest;
}

/** On the embedded database, a plan the planner expects to run long is refused before it holds up everyone else. */
async function refuseCostlyPlan(tx: Pick<PrismaClient, '$queryRawUnsafe'>, query: string): Promise<void> {
  const [explained] = await tx.$queryRawUnsafe<Array<Record<string, unknown>>>(`EXPLAIN (FORMAT JSON) ${query}`);
  const value = Object.values(explained ?? {})[0] ?? '[]';
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan?: { 'Total Cost'?: number } }>;
  const cost = plan[0]?.Plan?.['Total Cost'] ?? 0;
  if (cost <= EMBEDDED_PLAN_COST_LIMIT) return;
  throw new ToolError(
    MCP_ERROR_CODES.sqlTooCostly,
    `The query was not run: the embedded database answers one statement at a time, and this plan's estimated cost ` +
      `(${Math.round(cost).toLocaleString('en')}) is above ${EMBEDDED_PLAN_COST_LIMIT.toLocaleString('en')}, so every other ` +
      'request would wait for it. Narrow it (a WHERE on an indexed column, fewer joins, no cross join) or run Huntforge on PostgreSQL.',
  );
}

const cancelled = () => new ToolError(MCP_ERROR_CODES.cancelled, 'The query was cancelled: the caller aborted the request');

/** The server's message without Prisma's wrapping (it names no credentials: the query is the caller's own). */
function databaseMessage(error: unknown): string {
  const candidate = error as {
    meta?: { driverAdapterError?: { cause?: { originalMessage?: string; message?: string } } };
    message?: string;
  };
  const cause = candidate.meta?.driverAdapterError?.cause;
  const message = cause?.originalMessage ?? cause?.message ?? candidate.message ?? String(error);
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (lines[lines.length - 1] ?? 'unknown error').slice(0, 500);
}
