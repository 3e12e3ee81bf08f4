/**
 * Deliberately slow query_sql calls while a second client asks for /health/live and the article list:
 * - a self-join of the articles, far past the tool's 5 s statement timeout: PostgreSQL runs it on its own
 *   connection until the timeout stops it; the embedded database refuses its plan's cost before running it;
 * - a rewrite of every article's text with a regular expression, which the planner thinks cheap because it
 *   counts neither reading the text out of TOAST nor the function's work: on the embedded database it runs in
 *   the PGlite worker, so /health/live keeps answering, but database requests queue behind it (one connection).
 */
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { timed } from './meanwhile';
import type { RunningService } from './service';

export const SLOW_SQLS = [
  'SELECT count(*) FROM articles a CROSS JOIN articles b WHERE a.hunt_score + b.hunt_score > 150',
  "SELECT sum(length(regexp_replace(content, '\\s+', ' ', 'g'))) FROM articles",
];

/** Returns the lines to print: how each slow query ended, after how long, and what the other client saw meanwhile. */
export async function measureSlowQueries(service: RunningService): Promise<string[]> {
  const mcp = new McpClient({ name: 'scale-bench-slow-query', version: '1' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL('/mcp', service.url)));
  const lines: string[] = [];
  try {
    for (const sql of SLOW_SQLS) {
      const run = await timed(service, () => mcp.callTool({ name: 'query_sql', arguments: { sql } }, undefined, { timeout: 120_000 }));
      const content = run.value.content as Array<{ type: string; text?: string }> | undefined;
      const text = content?.find((part) => part.type === 'text')?.text ?? '';
      const outcome = run.value.isError
        ? `error ${/"code":"(\w+)"/.exec(text)?.[1] ?? text.slice(0, 80)}`
        : `answered ${text.replace(/\s+/g, ' ').slice(0, 60)}`;
      lines.push(`slow query_sql \`${sql}\`: ${outcome} after ${(run.ms / 1000).toFixed(1)} s; ${run.meanwhile}`);
    }
  } finally {
    await mcp.close();
  }
  return lines;
}
