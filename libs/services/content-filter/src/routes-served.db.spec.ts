import { ALL_ROUTES } from '@huntforge/contracts/api';
import { servedRoutes } from '@huntforge/test-kit';
import { startContentFilter, type ContentFilterHarness as Harness } from './test-support/content-filter-harness';

describe('the content-filter module', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startContentFilter();
  });
  afterAll(() => harness.close());

  it('serves every route defined for content-filter, and nothing else', () => {
    const router = harness.module.http?.router;
    if (!router) throw new Error('the content-filter module serves no routes');
    const defined = ALL_ROUTES.filter((route) => route.owner === 'content-filter').map(
      (route) => `${route.method.toUpperCase()} ${route.path}`,
    );
    expect(servedRoutes(router)).toEqual(defined.sort());
    expect(defined).toHaveLength(17);
  });
});
