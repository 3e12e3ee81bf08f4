import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import type { SeedCounts } from './seed';
import { api } from './service';

export interface ScenarioContext {
  url: string;
  mcp: McpClient;
  /** The repetition, so each request can pick a different row. */
  i: number;
}

export interface Scenario {
  name: string;
  /** Resolves with the HTTP status (or "ok"/"error" for MCP calls). */
  run(ctx: ScenarioContext): Promise<string>;
}

const pick = <T>(list: T[], i: number): T => list[(i * 7) % list.length] as T;

async function get(ctx: ScenarioContext, path: string): Promise<string> {
  const res = await api(ctx.url, path);
  await res.arrayBuffer();
  return String(res.status);
}

async function post(ctx: ScenarioContext, path: string, body: unknown): Promise<string> {
  const res = await api(ctx.url, path, { method: 'POST', body: JSON.stringify(body) });
  await res.arrayBuffer();
  return String(res.status);
}

async function tool(ctx: ScenarioContext, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await ctx.mcp.callTool({ name, arguments: args });
  return result.isError ? 'error' : 'ok';
}

/** What the dashboard asks for when it opens, in parallel as the page does; the sample is the slowest answer. */
async function dashboard(ctx: ScenarioContext): Promise<string> {
  const paths = [
    '/api/sources',
    '/api/articles?sort_by=hunt_score&sort_order=desc&limit=8&exclude_source=eval',
    '/api/workflow/executions?limit=6&sort_by=created_at&sort_order=desc',
    '/api/model/versions?limit=50',
    '/api/articles/daily-counts?days=30',
    ...['pending', 'needs_review', 'approved', 'rejected', 'submitted'].map((status) => `/api/sigma-queue/list?status=${status}&limit=1`),
  ];
  const statuses = await Promise.all(paths.map((path) => get(ctx, path)));
  return [...new Set(statuses)].join('/');
}

/** The cursors of the deepest pages of the article list (fetched once by page number, during the warm-up repetitions). */
function deepCursors(lastPage: number): (ctx: ScenarioContext) => Promise<string> {
  const cursors: string[] = [];
  return async (ctx) => {
    if (cursors.length === 0) {
      for (let page = Math.max(1, lastPage - 10); page < lastPage; page++) {
        const body = (await (await api(ctx.url, `/api/articles?page=${page}`)).json()) as { next_cursor: string | null };
        if (body.next_cursor) cursors.push(body.next_cursor);
      }
    }
    return pick(cursors, ctx.i);
  };
}

export function scenarios(seed: SeedCounts): Scenario[] {
  const articlePages = Math.max(1, Math.floor(seed.articles / 50));
  const executionPages = Math.max(1, Math.floor(seed.executions / 50));
  const deepCursor = deepCursors(articlePages);
  return [
    { name: 'articles list (newest collected)', run: (ctx) => get(ctx, '/api/articles') },
    { name: 'articles list by hunt score', run: (ctx) => get(ctx, '/api/articles?sort_by=hunt_score&sort_order=desc') },
    { name: 'articles list by published date', run: (ctx) => get(ctx, '/api/articles?sort_by=published_at') },
    { name: 'articles list by title', run: (ctx) => get(ctx, '/api/articles?sort_by=title&sort_order=asc') },
    { name: 'articles list, one source', run: (ctx) => get(ctx, `/api/articles?source=${pick(seed.sampleSourceIds, ctx.i)}`) },
    {
      name: 'articles list, hunt score 80-100',
      run: (ctx) => get(ctx, '/api/articles?min_hunt_score=80&max_hunt_score=100&sort_by=hunt_score'),
    },
    {
      name: 'articles list, last 30 days',
      run: (ctx) => get(ctx, `/api/articles?published_after=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`),
    },
    { name: 'articles list, without duplicates', run: (ctx) => get(ctx, '/api/articles?include_duplicates=false') },
    { name: 'articles list, deep page', run: (ctx) => get(ctx, `/api/articles?page=${articlePages - ctx.i}`) },
    {
      name: 'articles list, deep page by cursor',
      run: async (ctx) => get(ctx, `/api/articles?cursor=${encodeURIComponent(await deepCursor(ctx))}`),
    },
    { name: 'article detail', run: (ctx) => get(ctx, `/api/articles/${pick(seed.sampleArticleIds, ctx.i)}`) },
    { name: 'text search, rare word', run: (ctx) => get(ctx, `/api/articles?q=${seed.rareWord}`) },
    { name: 'text search, common word', run: (ctx) => get(ctx, '/api/articles?q=powershell') },
    {
      name: 'semantic search',
      run: (ctx) => post(ctx, '/api/search/semantic', { query: 'scheduled task persistence with encoded powershell', limit: 10 }),
    },
    { name: 'similar articles', run: (ctx) => get(ctx, `/api/articles/${pick(seed.sampleArticleIds, ctx.i)}/similar`) },
    { name: 'executions list', run: (ctx) => get(ctx, '/api/workflow/executions') },
    { name: 'executions list, failed', run: (ctx) => get(ctx, '/api/workflow/executions?status=failed') },
    {
      name: 'executions list, one article',
      run: (ctx) => get(ctx, `/api/workflow/executions?article_id=${pick(seed.sampleArticleIds, ctx.i)}`),
    },
    { name: 'executions list, deep page', run: (ctx) => get(ctx, `/api/workflow/executions?page=${executionPages - ctx.i}`) },
    { name: 'execution detail', run: (ctx) => get(ctx, `/api/workflow/executions/${pick(seed.sampleExecutionIds, ctx.i)}`) },
    { name: 'queue list, pending', run: (ctx) => get(ctx, '/api/sigma-queue/list?status=pending') },
    { name: 'queue list, approved', run: (ctx) => get(ctx, '/api/sigma-queue/list?status=approved') },
    {
      name: 'queue list, deep offset',
      run: (ctx) => get(ctx, `/api/sigma-queue/list?offset=${Math.max(0, seed.queueItems - 100 - ctx.i)}`),
    },
    { name: 'queue item with similarity', run: (ctx) => get(ctx, `/api/sigma-queue/${pick(seed.sampleQueueIds, ctx.i)}`) },
    { name: 'dashboard (all its requests in parallel)', run: dashboard },
    { name: 'sources list', run: (ctx) => get(ctx, '/api/sources') },
    { name: 'articles per day (30 days)', run: (ctx) => get(ctx, '/api/articles/daily-counts?days=30') },
    { name: 'mcp search_articles', run: (ctx) => tool(ctx, 'search_articles', { query: 'scheduled task powershell', limit: 10 }) },
    { name: 'mcp search_articles, rare word', run: (ctx) => tool(ctx, 'search_articles', { query: seed.rareWord, limit: 10 }) },
    {
      name: 'mcp query_sql (executions by status, 30 days)',
      run: (ctx) =>
        tool(ctx, 'query_sql', {
          sql: "SELECT status, count(*) FROM workflow_executions WHERE created_at > now() - interval '30 days' GROUP BY status",
        }),
    },
  ];
}
