import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppMetrics, type AppMetrics } from '@huntforge/platform';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { createSigmaQueueModule } from '../module';
import { QueueRepository, type NewQueueItem } from '../repositories/queue-repository';

jest.setTimeout(60_000);

const item = (status: NewQueueItem['status'], title: string): NewQueueItem => ({
  status,
  source: 'generated',
  workflowExecutionId: null,
  articleId: null,
  ruleYaml: `title: ${title}\n`,
  ruleDocument: { title },
  title,
  level: null,
  tags: [],
  telemetryClass: null,
  maxSimilarity: null,
  similarityInconclusive: false,
  matches: [],
  validationFindings: [],
  provenance: null,
  deliveryPermitted: null,
});

describe('review queue depth gauge', () => {
  let ctx: TestContext;
  let dataDir: string;
  let metrics: AppMetrics;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-sigma-metrics-'));
    ctx = await createTestContext({ service: 'sigma-queue', env: { DATA_DIR: dataDir } });
    metrics = createAppMetrics({ service: 'sigma-queue', processMetrics: false });
    ctx.metrics = metrics;
    createSigmaQueueModule(ctx, { env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await ctx.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads queue items by status from the database at scrape time', async () => {
    const queue = new QueueRepository(ctx.db.prisma);
    await queue.createMany([item('pending', 'a'), item('pending', 'b'), item('approved', 'c')]);
    const values = (await metrics.registry.getSingleMetric('huntforge_sigma_queue_items')?.get())?.values ?? [];
    expect(Object.fromEntries(values.map((sample) => [sample.labels['status'], sample.value]))).toEqual({ pending: 2, approved: 1 });
  });
});
