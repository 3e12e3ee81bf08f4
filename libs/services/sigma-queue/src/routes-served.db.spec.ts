import { ALL_ROUTES } from '@huntforge/contracts/api';
import { servedRoutes } from '@huntforge/test-kit';
import { startSigmaQueue, type SigmaQueueHarness as Harness } from './test-support/harness';

describe('the sigma-queue module', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startSigmaQueue();
  });
  afterAll(() => harness.close());

  it('serves every route defined for sigma-queue, and nothing else', () => {
    const router = harness.module.http?.router;
    if (!router) throw new Error('the sigma-queue module serves no routes');
    const defined = ALL_ROUTES.filter((route) => route.owner === 'sigma-queue').map(
      (route) => `${route.method.toUpperCase()} ${route.path}`,
    );
    expect(servedRoutes(router)).toEqual(defined.sort());
    expect(defined).toHaveLength(22);
  });
});
