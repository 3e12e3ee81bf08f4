import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRabbitBus, type RabbitBus } from '@huntforge/bus';
import { REQUEST_KEYS, TOPICS } from '@huntforge/contracts';
import type { ClassifyArticleRequest, ClassifyArticleResult } from '@huntforge/contracts/content-filter';
import type { ServiceModule } from '@huntforge/platform';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { createScratchVhost, describeWithInfra, infraUrl, waitFor, type ScratchVhost } from '@huntforge/test-kit';
import { createWorkflowModule } from '../module';
import { ExecutionRepository } from '../repositories/execution-repository';
import { seedArticle } from '../test-support/seed';

const EXECUTIONS = 100;
const CONTENT = 'Quarterly newsletter: our team grew, and we thank our partners for a wonderful year.';

/** The content filter's answer for an article none of whose chunks is huntable: the run ends after the junk filter. */
function nothingKept(articleId: number, threshold: number): ClassifyArticleResult {
  const chunk = {
    chunk_id: 0,
    start: 0,
    end: CONTENT.length,
    label: 'Not Huntable' as const,
    confidence: 0.97,
    huntable_probability: 0.03,
    perfect_keywords: [],
    kept: false,
    reason: 'removed: model says Not Huntable with confidence 0.97',
    top_features: [],
  };
  return {
    classification: {
      article_id: articleId,
      model_version: 1,
      threshold,
      total_chunks: 1,
      kept_count: 0,
      has_huntable_content: false,
      chunks: [chunk],
      kept_chunks: [],
    },
    platform: null,
  };
}

/**
 * The distributed shape on a real broker: the workflow and the content filter each on their own RabbitMQ
 * connection, in a scratch vhost whose connections the test cuts from the broker side.
 */
describeWithInfra('rabbitmq')('workflow executions when the RabbitMQ connection drops', () => {
  let vhost: ScratchVhost;
  let ctx: TestContext;
  let workflowBus: RabbitBus;
  let contentFilterBus: RabbitBus;
  let workflow: ServiceModule;
  let dataDir: string;
  let requestsReceived = 0;
  let requestsAnswered = 0;
  let openGate: () => void = () => undefined;
  const connectionCut = new Promise<void>((resolve) => (openGate = resolve));

  beforeAll(async () => {
    vhost = await createScratchVhost(infraUrl('rabbitmq') ?? '');
    const busOptions = {
      url: vhost.url,
      exchange: 'huntforge-test',
      queueExpiresMs: 120_000,
      connectTimeoutMs: 5_000,
      reconnectBaseDelayMs: 50,
      retryBaseDelayMs: 20,
      maxRetryDelayMs: 200,
    };
    workflowBus = await createRabbitBus({ ...busOptions, connectionName: 'workflow under test' });
    contentFilterBus = await createRabbitBus({ ...busOptions, connectionName: 'content filter under test' });
    // The content filter holds the requests it receives until the test has cut the connection, so they are
    // in flight (received, not yet answered) when it drops; after that it answers at once.
    await contentFilterBus.respond<ClassifyArticleRequest, ClassifyArticleResult>(
      REQUEST_KEYS.contentFilterClassifyArticle,
      async (request) => {
        requestsReceived++;
        await connectionCut;
        requestsAnswered++;
        return nothingKept(request.article_id, request.threshold ?? 0.8);
      },
    );

    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-workflow-drop-'));
    ctx = await createTestContext({ service: 'workflow', env: { DATA_DIR: dataDir } });
    workflow = createWorkflowModule(
      { ...ctx, bus: workflowBus },
      {
        env: {
          CODEX_PATH: join(dataDir, 'no-codex-here'),
          WORKFLOW_CONCURRENCY: '20',
          PEER_REQUEST_TIMEOUT_MS: '10000',
          PEER_REQUEST_RETRY_BASE_MS: '100',
        },
      },
    );
    await workflow.start();
  }, 120_000);

  afterAll(async () => {
    await workflow?.stop();
    await workflowBus?.close();
    await contentFilterBus?.close();
    await ctx?.dispose();
    await vhost?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('retries the requests the drop cut off: none of the in-flight executions ends failed', async () => {
    const repo = new ExecutionRepository(ctx.db.prisma);
    const ids: number[] = [];
    for (let i = 0; i < EXECUTIONS; i++) {
      const row = await repo.create({
        articleId: await seedArticle(ctx.db.prisma, { content: CONTENT }),
        configSnapshot: {},
        configVersion: null,
        triggeredBy: 'manual',
      });
      ids.push(row.id);
    }
    for (const id of ids) await workflowBus.publish(TOPICS.workflowExecutionRequested, { execution_id: id });

    await waitFor('requests in flight', () => requestsReceived >= 10, 30_000);
    await vhost.cutConnections('huntforge test: connection drop with executions in flight');
    openGate();

    const active = () => ctx.db.prisma.workflowExecution.count({ where: { id: { in: ids }, status: { in: ['pending', 'running'] } } });
    await waitFor('every execution to end', async () => (await active()) === 0, 90_000);

    const failed = await ctx.db.prisma.workflowExecution.findMany({
      where: { id: { in: ids }, status: 'failed' },
      select: { id: true, error: true },
    });
    expect(failed).toEqual([]);
    expect(
      await ctx.db.prisma.workflowExecution.count({
        where: { id: { in: ids }, status: 'completed', terminationReason: 'no_huntable_content' },
      }),
    ).toBe(EXECUTIONS);
    // The drop did cut requests off: those in flight were answered into a lost reply and asked again.
    expect(requestsAnswered).toBeGreaterThan(EXECUTIONS);
    expect(workflowBus.isConnected()).toBe(true);
  }, 150_000);
});
