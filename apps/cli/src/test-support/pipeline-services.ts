import type { Express } from 'express';
import { createContentFilterModule } from '@huntforge/service-content-filter';
import { createSigmaQueueModule } from '@huntforge/service-sigma-queue';
import { combineModules, startServiceForTest, type TestContext } from '@huntforge/service-testing';
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
  const { ctx, app, close } = await startServiceForTest(
    'all-in-one',
    (context) =>
      combineModules('pipeline', [
        createContentFilterModule(context, { env: {} }),
        createSigmaQueueModule(context, { env: env.sigmaQueue ?? {} }),
        createWorkflowModule(context, { env: env.workflow ?? {} }),
      ]),
    { context: { env: { ...env.shared, ...env.sigmaQueue } } },
  );
  return { ctx, app, stop: close };
}
