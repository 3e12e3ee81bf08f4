import type { PrismaClient } from '@huntforge/data';
import { MCP_ERROR_CODES, SQL_MAX_ROWS } from '@huntforge/contracts';
import { ToolError } from '../errors/tool-error';
import { checkStatement } from '../sql/statement-checker';
import { READ_ONLY_ROLE } from '../sql/table-allowlist';

export const STATEMENT_TIMEOUT = '5s';
/** Prisma's own limit on the interactive transaction, a little above the statement timeout. */
const TRANSACTION_TIMEOUT_MS = 8_000;

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

  constructor(private readonly prisma: PrismaClient) {}

  async run(sql: string, maxRows: number = SQL_MAX_ROWS): Promise<QueryResult> {
    const check = checkStatement(sql);
    if (!check.ok) throw new ToolError(MCP_ERROR_CODES.sqlRefused, check.reason);
    await this.ensureRole();
    return this.execute(check.statement, Math.min(maxRows, SQL_MAX_ROWS));
  }

  /**
   * The database side alone, without the statement checker: what stays enforced if the checker ever
   * lets something through. Exposed for the tests that prove it.
   */
  async execute(statement: string, maxRows: number): Promise<QueryResult> {
    const started = performance.now();
    let fetched: Array<{ hf_row: string }>;
    try {
      fetched = await this.prisma.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe('SET TRANSACTION READ ONLY');
          await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = '${STATEMENT_TIMEOUT}'`);
          await tx.$executeRawUnsafe(`SET LOCAL ROLE ${READ_ONLY_ROLE}`);
          // The newline keeps a trailing `-- comment` of the statement from swallowing the wrapper.
          await tx.$executeRawUnsafe(
            `DECLARE hf_mcp_rows NO SCROLL CURSOR FOR SELECT to_json(hf_q)::text AS hf_row FROM (\n${statement}\n) AS hf_q`,
          );
          return tx.$queryRawUnsafe<Array<{ hf_row: string }>>(`FETCH FORWARD ${maxRows + 1} FROM hf_mcp_rows`);
        },
        { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS },
      );
    } catch (error) {
      throw new ToolError(MCP_ERROR_CODES.sqlFailed, `The query failed: ${databaseMessage(error)}`);
    }
    const truncated = fetched.length > maxRows;
    const rows = fetched.slice(0, maxRows).map((row) => JSON.parse(row.hf_row) as Record<string, unknown>);
    return {
      columns: rows[0] ? Object.keys(rows[0]) : [],
      rows,
      row_count: rows.length,
      truncated,
      duration_ms: Math.round(performance.now() - started),
    };
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

/** The server's message without Prisma's wrapping (it names no credentials: the query is the caller's own). */
function databaseMessage(error: unknown): string {
  const candidate = error as { meta?: { driverAdapterError?: { cause?: { originalMessage?: string; message?: string } } }; message?: string };
  const cause = candidate.meta?.driverAdapterError?.cause;
  const message = cause?.originalMessage ?? cause?.message ?? candidate.message ?? String(error);
  const lines = message.split('\n').map((line) => line.trim()).filter(Boolean);
  return (lines[lines.length - 1] ?? 'unknown error').slice(0, 500);
}
