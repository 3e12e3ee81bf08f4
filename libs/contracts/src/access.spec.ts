import { accessRequirement, roleSatisfies } from './access';

describe('roleSatisfies', () => {
  it('orders viewer < analyst < admin', () => {
    expect(roleSatisfies('admin', 'analyst')).toBe(true);
    expect(roleSatisfies('analyst', 'analyst')).toBe(true);
    expect(roleSatisfies('viewer', 'analyst')).toBe(false);
    expect(roleSatisfies('analyst', 'admin')).toBe(false);
  });
});

describe('accessRequirement', () => {
  it.each([
    ['GET', '/health'],
    ['GET', '/health/ready'],
    ['GET', '/api/health'],
    ['GET', '/api/health/celery'],
    ['GET', '/openapi.json'],
    ['GET', '/docs'],
    ['GET', '/docs/swagger-ui-bundle.js'],
    ['GET', '/'],
    ['GET', '/articles/4'],
  ])('%s %s is public', (method, path) => {
    expect(accessRequirement(method, path)).toEqual({ public: true });
  });

  it.each([
    ['GET', '/api/articles', 'viewer'],
    ['HEAD', '/api/articles/3', 'viewer'],
    ['POST', '/api/scrape-url', 'analyst'],
    ['DELETE', '/api/articles/3', 'analyst'],
    ['PUT', '/api/workflow/config', 'analyst'],
    ['GET', '/api/settings', 'viewer'],
    ['PUT', '/api/settings/provider_a_api_key', 'admin'],
    ['POST', '/api/settings/repohost/test', 'analyst'],
    ['POST', '/api/test-provider_a-key', 'analyst'],
    ['GET', '/api/tokens', 'admin'],
    ['POST', '/api/tokens', 'admin'],
    ['DELETE', '/api/tokens/2', 'admin'],
    ['GET', '/api/audit', 'admin'],
    ['GET', '/api/scheduled-jobs', 'viewer'],
    ['PUT', '/api/scheduled-jobs', 'admin'],
    ['POST', '/api/backup/enable', 'admin'],
    ['GET', '/api/unknown', 'viewer'],
    ['POST', '/api/telemetry/datasets', 'analyst'],
    ['GET', '/api/telemetry/datasets/4', 'viewer'],
    ['DELETE', '/api/telemetry/datasets/4', 'admin'],
    ['POST', '/api/sigma-queue/3/backtest', 'analyst'],
    ['POST', '/mcp', 'viewer'], // MCP is always POST; each tool enforces the token's role
    ['GET', '/mcp', 'viewer'],
  ])('%s %s needs %s', (method, path, role) => {
    expect(accessRequirement(method, path)).toEqual({ public: false, role });
  });

  it('cannot be dodged by letter case, slashes or dot segments', () => {
    expect(accessRequirement('GET', '/API/Tokens')).toEqual({ public: false, role: 'admin' });
    expect(accessRequirement('GET', '//api//tokens/')).toEqual({ public: false, role: 'admin' });
    expect(accessRequirement('GET', '/health/../api/tokens')).toEqual({ public: false, role: 'admin' });
    expect(accessRequirement('GET', '/docs/%2e%2e/api/audit')).toEqual({ public: false, role: 'admin' });
  });
});
