import { compilePattern, mostSpecificMatch, type CompiledPattern, type PathMatch } from './path-pattern';
import type { ServiceName } from './services';

/**
 * Which app owns which public path. The gateway routes by this table in both shapes: in-process
 * routers (all-in-one) and HTTP proxies (distributed). The most specific matching rule wins, so
 * `/api/articles/:article_id/chunk-debug` goes to content-filter while the rest of `/api/articles`
 * stays with ingestion.
 */
export interface RouteRule {
  pattern: string;
  owner: ServiceName;
  match: PathMatch;
}

const rule = (pattern: string, owner: ServiceName, match: PathMatch = 'prefix'): RouteRule => ({ pattern, owner, match });

export const ROUTE_TABLE: readonly RouteRule[] = [
  // gateway: health, docs, settings, jobs, cron, backup, tokens, audit, HTML pages
  rule('/health', 'gateway'),
  rule('/openapi.json', 'gateway', 'exact'),
  rule('/docs', 'gateway'),
  rule('/api/health', 'gateway'),
  rule('/api/settings', 'gateway'),
  rule('/api/test-*', 'gateway'),
  rule('/api/scheduled-jobs', 'gateway'),
  rule('/api/cron', 'gateway'),
  rule('/api/backup', 'gateway'),
  rule('/api/tokens', 'gateway'),
  rule('/api/audit', 'gateway'),
  rule('/', 'gateway', 'exact'),
  rule('/articles', 'gateway'),
  rule('/workflow', 'gateway'),
  rule('/mlops', 'gateway'),

  // ingestion: sources, collection, articles, search, embeddings
  rule('/api/sources', 'ingestion'),
  rule('/api/scrape-url', 'ingestion'),
  rule('/api/articles', 'ingestion'),
  rule('/api/search', 'ingestion'),
  rule('/api/embeddings', 'ingestion'),

  // content-filter: junk-filter model, feedback, chunk-debug, platform detection
  rule('/api/articles/:article_id/chunk-debug', 'content-filter'),
  rule('/api/articles/:article_id/detect-os', 'content-filter'),
  rule('/api/model', 'content-filter'),
  rule('/api/feedback', 'content-filter'),
  rule('/api/ml-model-performance', 'content-filter'),

  // workflow: executions, config, prompts, presets, ranking, evaluations
  rule('/api/articles/:article_id/rank-with-llm', 'workflow'),
  rule('/api/workflow', 'workflow'),
  rule('/api/evaluations', 'workflow'),
  rule('/api/eval', 'workflow'),

  // sigma-queue: review queue and the reference corpus
  rule('/api/sigma-queue', 'sigma-queue'),
  rule('/api/sigma', 'sigma-queue'),

  // mcp: Streamable HTTP transport and the confirmation requests of high-risk tool calls
  rule('/mcp', 'mcp'),
  rule('/api/mcp', 'mcp'),
];

const compiledTable: ReadonlyArray<RouteRule & { compiled: CompiledPattern }> = ROUTE_TABLE.map((entry) => ({
  ...entry,
  compiled: compilePattern(entry.pattern, entry.match),
}));

/** The app that owns `path` (query string ignored), or null when no rule claims it. */
export function resolveOwner(path: string): ServiceName | null {
  return mostSpecificMatch(compiledTable, path)?.owner ?? null;
}

/** The path patterns a service owns, in table order (what its module declares as `http.prefixes`). */
export function routePrefixesOf(service: ServiceName): string[] {
  return ROUTE_TABLE.filter((entry) => entry.owner === service).map((entry) => entry.pattern);
}
