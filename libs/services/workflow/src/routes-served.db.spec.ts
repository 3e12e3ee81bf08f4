import { ALL_ROUTES } from '@huntforge/contracts/api';
import { servedRoutes } from '@huntforge/test-kit';
import { startWorkflow, type WorkflowHarness } from './test-support/workflow-harness';

describe('the workflow module', () => {
  let harness: WorkflowHarness;
  beforeAll(async () => {
    harness = await startWorkflow();
  });
  afterAll(() => harness.close());

  it('serves every route defined for the workflow, and nothing else', () => {
    const router = harness.module.http?.router;
    if (!router) throw new Error('the workflow module serves no routes');
    const defined = ALL_ROUTES.filter((route) => route.owner === 'workflow').map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(servedRoutes(router)).toEqual(defined.sort());
    expect(defined).toHaveLength(43);
  });
});
