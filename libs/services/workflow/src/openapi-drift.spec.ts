import type { Router } from 'express';
import { buildOpenApiDocument } from '@huntforge/contracts';
import { startWorkflow, type WorkflowHarness } from './test-support/workflow-harness';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every (method, path) an express router serves, nested routers included, in OpenAPI path syntax. */
function servedRoutes(router: Router): string[] {
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
        return Object.keys(layer.route.methods).map((method) => `${method} ${path}`);
      }
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk((router as unknown as { stack: Layer[] }).stack);
}

describe('the workflow module serves exactly what /docs documents', () => {
  let harness: WorkflowHarness;
  beforeAll(async () => {
    harness = await startWorkflow();
  });
  afterAll(() => harness.close());

  it('registers every served route in the OpenAPI document', () => {
    const paths = buildOpenApiDocument().paths ?? {};
    const documented = new Set(Object.entries(paths).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method} ${path}`)));
    const served = servedRoutes(harness.module.http?.router as Router);
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
  });
});
