import type { Router } from 'express';
import { buildOpenApiDocument } from '@huntforge/contracts';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { settingsRoutes } from './settings-routes';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function servedRoutes(router: Router): string[] {
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) =>
      layer.route
        ? Object.keys(layer.route.methods).map((method) => `${method} ${layer.route?.path.replace(/:(\w+)/g, '{$1}')}`)
        : layer.handle?.stack
          ? walk(layer.handle.stack)
          : [],
    );
  return walk((router as unknown as { stack: Layer[] }).stack);
}

describe('settings and provider-test routes in /docs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ service: 'gateway' });
  });
  afterAll(() => ctx.dispose());

  it('documents every route the gateway serves for settings and provider tests, aliases included', () => {
    const paths = buildOpenApiDocument().paths ?? {};
    const documented = new Set(Object.entries(paths).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method} ${path}`)));
    const served = servedRoutes(settingsRoutes(ctx, {}));
    expect(served).toEqual(expect.arrayContaining(['get /api/settings', 'put /api/settings/{key}', 'post /api/test-provider_a-key', 'post /api/settings/repohost/test']));
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
    expect(paths['/api/settings/{key}']?.put?.['x-required-role']).toBe('admin');
    expect(paths['/api/settings/codex/test']?.post?.['x-required-role']).toBe('analyst');
  });
});
