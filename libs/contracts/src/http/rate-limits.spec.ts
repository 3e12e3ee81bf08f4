import { buildOpenApiDocument } from '../openapi';
import { rateLimitTier } from './rate-limits';

describe('rateLimitTier', () => {
  it('never counts probes, docs, the web pages or their assets', () => {
    for (const path of [
      '/health',
      '/health/ready',
      '/api/health',
      '/api/health/services',
      '/metrics',
      '/docs',
      '/docs/swagger-ui.css',
      '/openapi.json',
      '/',
      '/articles/12',
      '/assets/index-abc.js',
    ]) {
      expect([path, rateLimitTier('GET', path)]).toEqual([path, 'none']);
    }
  });

  it('puts fetching, training, embedding and pipeline starts in the expensive tier, whatever the spelling', () => {
    for (const path of [
      '/api/scrape-url',
      '/api/search/semantic',
      '/api/model/retrain',
      '/api/workflow/articles/12/trigger',
      '/api/workflow/executions/7/retry',
      '/api/workflow/executions/trigger-stuck',
      '/api/evaluations/run-subagent-eval',
      '/API/Scrape-URL/',
    ]) {
      expect([path, rateLimitTier('POST', path)]).toEqual([path, 'expensive']);
    }
  });

  it('counts sign-in apart and every other API or MCP call in the standard tier', () => {
    expect(rateLimitTier('POST', '/api/auth/session')).toBe('sign-in');
    expect(rateLimitTier('DELETE', '/api/auth/session')).toBe('standard');
    expect(rateLimitTier('GET', '/api/model/retrain-status')).toBe('standard');
    expect(rateLimitTier('GET', '/api/articles')).toBe('standard');
    expect(rateLimitTier('POST', '/mcp')).toBe('standard');
    expect(rateLimitTier('GET', '/api/../health')).toBe('standard');
  });

  it('documents the 429 with Retry-After on every limited route and on none of the exempt ones', () => {
    const paths = buildOpenApiDocument().paths ?? {};
    const scrape = paths['/api/scrape-url']?.post?.responses?.['429'] as { description: string; headers?: Record<string, unknown> };
    expect(scrape.description).toMatch(/RATE_LIMIT_EXPENSIVE_PER_MINUTE.*`rate_limited`/);
    expect(Object.keys(scrape.headers ?? {})).toEqual(['Retry-After']);
    expect((paths['/api/articles']?.get?.responses?.['429'] as { description: string }).description).toMatch(/RATE_LIMIT_PER_MINUTE/);
    expect((paths['/api/auth/session']?.post?.responses?.['429'] as { description: string }).description).toMatch(
      /Ten failed sign-ins.*RATE_LIMIT_SIGN_IN_PER_MINUTE/,
    );
    expect(paths['/api/health']?.get?.responses?.['429']).toBeUndefined();
  });
});
