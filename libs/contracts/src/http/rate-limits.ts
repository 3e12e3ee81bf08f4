import { compilePattern, hasDotSegments, mostSpecificMatch, pathSegments, type CompiledPattern } from '../path-pattern';

/**
 * Which request budget a call spends at the gateway. `none`: never limited (health probes, docs, the
 * web pages and their assets: everything outside `/api` and `/mcp`). `expensive`: routes that fetch
 * pages, train, embed or start pipelines. `sign-in`: token exchanges, always counted per client address.
 */
export type RateLimitTier = 'none' | 'standard' | 'expensive' | 'sign-in';

const EXEMPT: ReadonlyArray<{ compiled: CompiledPattern }> = [{ compiled: compilePattern('/api/health', 'prefix') }];

const WRITE_TIERS: ReadonlyArray<{ compiled: CompiledPattern; tier: RateLimitTier }> = [
  { compiled: compilePattern('/api/auth/session', 'exact'), tier: 'sign-in' },
  { compiled: compilePattern('/api/scrape-url', 'exact'), tier: 'expensive' },
  { compiled: compilePattern('/api/search/semantic', 'exact'), tier: 'expensive' },
  { compiled: compilePattern('/api/model/retrain', 'exact'), tier: 'expensive' },
  { compiled: compilePattern('/api/workflow/articles/:article_id/trigger', 'exact'), tier: 'expensive' },
  { compiled: compilePattern('/api/workflow/executions/:execution_id/retry', 'exact'), tier: 'expensive' },
  { compiled: compilePattern('/api/workflow/executions/trigger-stuck', 'exact'), tier: 'expensive' },
  { compiled: compilePattern('/api/evaluations/run-subagent-eval', 'exact'), tier: 'expensive' },
];

/** The budget of a request, from its method and path (the gateway enforces it, /docs shows it). */
export function rateLimitTier(method: string, path: string): RateLimitTier {
  const area = pathSegments(path)[0];
  // A dot-segment spelling is still counted, so no spelling of a limited route escapes its budget.
  if (area !== 'api' && area !== 'mcp' && !hasDotSegments(path)) return 'none';
  if (mostSpecificMatch(EXEMPT, path)) return 'none';
  if (method.toUpperCase() !== 'POST') return 'standard';
  return mostSpecificMatch(WRITE_TIERS, path)?.tier ?? 'standard';
}

/** The body code of a 429 sent by a rate limit; the response carries Retry-After in seconds. */
export const RATE_LIMITED_CODE = 'rate_limited';
