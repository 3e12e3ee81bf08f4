import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import type { ServiceModule } from '@huntforge/platform';
import { startServiceForTest, type TestContext } from '@huntforge/service-testing';
import { createWorkflowModule } from '../module';

export const TEST_ENCRYPTION_KEY = 'b2'.repeat(32);

export interface WorkflowHarness {
  app: Express;
  ctx: TestContext;
  module: ServiceModule;
  /** Scratch folder holding the runtime model catalog. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The workflow module's routes on createHttpApp, started (config v1, default prompts, quickstart presets,
 * the catalog job), on PGlite and the in-process bus. `settingsEnv` is what ctx.settings falls back to;
 * `serviceEnv` the module's own variables (a codex that does not exist unless a test gives one).
 */
export async function startWorkflow(
  options: { settingsEnv?: Record<string, string>; serviceEnv?: Record<string, string> } = {},
): Promise<WorkflowHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'huntforge-workflow-'));
  const { app, ctx, module, close } = await startServiceForTest(
    'workflow',
    (context) =>
      createWorkflowModule(context, {
        env: { CODEX_PATH: join(dataDir, 'no-codex-here'), PROVIDER_DISCOVERY_TIMEOUT_MS: '3000', ...options.serviceEnv },
      }),
    { context: { env: { SETTINGS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, DATA_DIR: dataDir, ...options.settingsEnv } } },
  );
  return {
    app,
    ctx,
    module,
    dataDir,
    async close() {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
