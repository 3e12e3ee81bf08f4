import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppMetrics, type AppMetrics } from '@huntforge/platform';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { createWorkflowModule } from '../module';
import { ExecutionLeaseRepository } from '../repositories/execution-lease-repository';
import { ExecutionRepository } from '../repositories/execution-repository';
import { seedArticle } from '../test-support/seed';

jest.setTimeout(60_000);

async function gaugeValues(metrics: AppMetrics, name: string): Promise<Record<string, number>> {
  const values = (await metrics.registry.getSingleMetric(name)?.get())?.values ?? [];
  return Object.fromEntries(values.map((sample) => [String(sample.labels['status']), sample.value]));
}

describe('workflow executions gauge', () => {
  let ctx: TestContext;
  let dataDir: string;
  let metrics: AppMetrics;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-workflow-metrics-'));
    ctx = await createTestContext({ service: 'workflow', env: { DATA_DIR: dataDir } });
    metrics = createAppMetrics({ service: 'workflow', processMetrics: false });
    ctx.metrics = metrics;
    // Composed twice on one registry, as tests and restarts in one process do: no duplicate registration.
    createWorkflowModule(ctx, { env: { CODEX_PATH: join(dataDir, 'no-codex') } });
    createWorkflowModule(ctx, { env: { CODEX_PATH: join(dataDir, 'no-codex') } });
  });
  afterAll(async () => {
    await ctx.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads executions by status from the database at scrape time', async () => {
    expect(await gaugeValues(metrics, 'huntforge_workflow_executions')).toEqual({});
    const repo = new ExecutionRepository(ctx.db.prisma);
    // One active run per article, so two articles.
    const input = async () => ({
      articleId: await seedArticle(ctx.db.prisma),
      configSnapshot: {},
      configVersion: null,
      triggeredBy: 'manual' as const,
    });
    const first = await repo.create(await input());
    await repo.create(await input());
    await new ExecutionLeaseRepository(ctx.db.prisma).claim(first.id, 'worker-1', new Date());

    expect(await gaugeValues(metrics, 'huntforge_workflow_executions')).toEqual({ pending: 1, running: 1 });
    expect((await metrics.exposition()).body).toMatch(/^huntforge_workflow_executions\{status="running",service="workflow"\} 1$/m);
  });
});
