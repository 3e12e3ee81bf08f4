import { ALL_ROUTES } from './api/all-routes';
import { ROUTE_TABLE, resolveOwner, routePrefixesOf } from './routes';
import { SERVICE_NAMES, type ServiceName } from './services';

// Every built path of the spec's Endpoints and HTML pages, with the app that owns it (docs/architecture.md).
const SPEC_ROUTES: Array<[string, ServiceName]> = [
  ['/health', 'gateway'],
  ['/api/health', 'gateway'],
  ['/api/health/database', 'gateway'],
  ['/api/health/services', 'gateway'],
  ['/api/health/celery', 'gateway'],
  ['/api/sources', 'ingestion'],
  ['/api/sources/12', 'ingestion'],
  ['/api/sources/12/collect', 'ingestion'],
  ['/api/sources/12/image_ocr', 'ingestion'],
  ['/api/scrape-url', 'ingestion'],
  ['/api/articles', 'ingestion'],
  ['/api/articles/7', 'ingestion'],
  ['/api/articles/7/similar', 'ingestion'],
  ['/api/articles/7/annotations', 'ingestion'],
  ['/api/articles/7/chunk-debug', 'content-filter'],
  ['/api/articles/7/chunk-debug/progress', 'content-filter'],
  ['/api/articles/7/detect-os', 'content-filter'],
  ['/api/articles/7/rank-with-llm', 'workflow'],
  ['/api/search/semantic', 'ingestion'],
  ['/api/search/help', 'ingestion'],
  ['/api/embeddings/stats', 'ingestion'],
  ['/api/workflow/executions', 'workflow'],
  ['/api/workflow/executions/3', 'workflow'],
  ['/api/workflow/articles/7/trigger', 'workflow'],
  ['/api/workflow/executions/3/retry', 'workflow'],
  ['/api/workflow/executions/3/cancel', 'workflow'],
  ['/api/workflow/executions/cleanup-stale', 'workflow'],
  ['/api/workflow/executions/trigger-stuck', 'workflow'],
  ['/api/workflow/config', 'workflow'],
  ['/api/workflow/config/prompts', 'workflow'],
  ['/api/workflow/config/prompts/RankAgent', 'workflow'],
  ['/api/workflow/config/prompts/defaults/SigmaAgent', 'workflow'],
  ['/api/workflow/config/prompts/RankAgent/versions', 'workflow'],
  ['/api/workflow/config/prompts/RankAgent/by-config-version/4', 'workflow'],
  ['/api/workflow/config/prompts/RankAgent/rollback', 'workflow'],
  ['/api/workflow/config/prompts/bootstrap', 'workflow'],
  ['/api/workflow/config/prompts/reset-to-defaults', 'workflow'],
  ['/api/workflow/config/versions', 'workflow'],
  ['/api/workflow/config/preset/list', 'workflow'],
  ['/api/workflow/config/preset/save', 'workflow'],
  ['/api/workflow/provider-options', 'workflow'],
  ['/api/workflow/config/auto-trigger-threshold', 'workflow'],
  ['/api/settings', 'gateway'],
  ['/api/settings/provider_a_api_key', 'gateway'],
  ['/api/settings/provider_sub/test', 'gateway'],
  ['/api/settings/repohost/test', 'gateway'],
  ['/api/test-provider_a-key', 'gateway'],
  ['/api/test-provider_b-key', 'gateway'],
  ['/api/test-provider_local-connection', 'gateway'],
  ['/api/model/retrain-status', 'content-filter'],
  ['/api/model/retrain', 'content-filter'],
  ['/api/model/versions', 'content-filter'],
  ['/api/model/evaluate', 'content-filter'],
  ['/api/model/eval-chunk-count', 'content-filter'],
  ['/api/model/feedback-count', 'content-filter'],
  ['/api/model/rollback/5', 'content-filter'],
  ['/api/model/compare/5', 'content-filter'],
  ['/api/model/feedback-comparison', 'content-filter'],
  ['/api/model/classification-timeline', 'content-filter'],
  ['/api/ml-model-performance/summary', 'content-filter'],
  ['/api/feedback/chunk-classification/7', 'content-filter'],
  ['/api/feedback/chunk-classification/7/c-1', 'content-filter'],
  ['/api/feedback/chunk-classification', 'content-filter'],
  ['/api/sigma-queue/list', 'sigma-queue'],
  ['/api/sigma-queue/9/enrich', 'sigma-queue'],
  ['/api/sigma-queue/9/enrichment-chat', 'sigma-queue'],
  ['/api/sigma-queue/9/enrichment-chat/2/turn', 'sigma-queue'],
  ['/api/sigma-queue/9/validate', 'sigma-queue'],
  ['/api/scheduled-jobs', 'gateway'],
  ['/api/tokens', 'gateway'],
  ['/api/tokens/4', 'gateway'],
  ['/api/audit', 'gateway'],
  ['/mcp', 'mcp'],
  ['/openapi.json', 'gateway'],
  ['/docs', 'gateway'],
  ['/docs/swagger-ui.css', 'gateway'],
  ['/', 'gateway'],
  ['/articles/7', 'gateway'],
  ['/workflow', 'gateway'],
  ['/workflow/queue', 'gateway'],
  ['/mlops/agent-evals', 'gateway'],
  ['/mlops/agent-evals2', 'gateway'],
];

describe('resolveOwner', () => {
  it.each(SPEC_ROUTES)('%s → %s', (path, owner) => {
    expect(resolveOwner(path)).toBe(owner);
  });

  it('ignores query strings, trailing slashes and letter case, like Express routing', () => {
    expect(resolveOwner('/api/articles/7/chunk-debug?limit=5')).toBe('content-filter');
    expect(resolveOwner('/api/sources/')).toBe('ingestion');
    expect(resolveOwner('/api/workflow/config/prompts/rankagent/versions')).toBe('workflow');
    expect(resolveOwner('/API/Articles/7/Detect-OS')).toBe('content-filter');
  });

  it('matches whole segments only', () => {
    expect(resolveOwner('/api/sourcesx')).toBeNull();
    expect(resolveOwner('/api/articles/7/chunk-debugger')).toBeNull();
    expect(resolveOwner('/api/articles/7/similar/extra')).toBeNull();
  });

  it('claims nothing outside the table', () => {
    expect(resolveOwner('/api/unknown')).toBeNull();
    expect(resolveOwner('/api')).toBeNull();
    expect(resolveOwner('/favicon.ico')).toBeNull();
    expect(resolveOwner('/openapi.json/extra')).toBeNull();
  });
});

describe('ROUTE_TABLE', () => {
  it('names only known services and has no duplicate patterns', () => {
    const patterns = ROUTE_TABLE.map((rule) => rule.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const rule of ROUTE_TABLE) expect(SERVICE_NAMES).toContain(rule.owner);
  });

  it('gives every service at least one route', () => {
    for (const service of SERVICE_NAMES) expect(routePrefixesOf(service).length).toBeGreaterThan(0);
  });

  it('is derived from the route definitions: each defined path is claimed by its owner', () => {
    for (const route of ALL_ROUTES) expect(resolveOwner(route.expressPath)).toBe(route.owner);
    expect(routePrefixesOf('sigma-queue')).toContain('/api/sigma-queue/:queue_id/approve');
  });
});
