import type { Express } from 'express';
import { createHttpApp, finalizeHttpApp, type ServiceModule } from '@huntforge/platform';
import { createContentFilterModule } from '@huntforge/service-content-filter';
import { createSigmaQueueModule } from '@huntforge/service-sigma-queue';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { createWorkflowModule } from '@huntforge/service-workflow';

export interface PipelineServices {
  ctx: TestContext;
  app: Express;
  stop(): Promise<void>;
}

/**
 * Content filter, sigma queue and workflow composed as the all-in-one runner composes them (PGlite, the
 * in-process bus), their routers mounted on one app, all started.
 */
export async function startPipelineServices(
  env: { shared?: Record<string, string>; sigmaQueue?: Record<string, string>; workflow?: Record<string, string> } = {},
): Promise<PipelineServices> {
  const ctx = await createTestContext({ service: 'all-in-one', env: { ...env.shared, ...env.sigmaQueue } });
  const modules: ServiceModule[] = [
    createContentFilterModule(ctx, { env: {} }),
    createSigmaQueueModule(ctx, { env: env.sigmaQueue ?? {} }),
    createWorkflowModule(ctx, { env: env.workflow ?? {} }),
  ];
  const app = createHttpApp({ logger: ctx.logger, serviceName: 'all-in-one' });
  for (const module of modules) if (module.http) app.use(module.http.router);
  finalizeHttpApp(app);
  for (const module of modules) await module.start();
  return {
    ctx,
    app,
    async stop() {
      for (const module of [...modules].reverse()) await module.stop();
      await ctx.dispose();
    },
  };
}
