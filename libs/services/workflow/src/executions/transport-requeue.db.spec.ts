import { BusRemoteError, BusUnavailableError } from '@huntforge/bus';
import { TOPICS, type WorkflowExecutionFinishedPayload } from '@huntforge/contracts';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { waitFor } from '@huntforge/test-kit';
import type { PipelineRunner } from '../pipeline/pipeline-port';
import { ExecutionLeaseRepository } from '../repositories/execution-lease-repository';
import { ExecutionRepository } from '../repositories/execution-repository';
import { seedArticle } from '../test-support/seed';
import { createExecutionWorker, type ExecutionWorker } from './execution-worker';

/** A pipeline whose platform stage fails with `failure` on the first run of each execution, then succeeds. */
function failingOnce(failure: () => Error) {
  const attempts = new Map<number, number>();
  const runner: PipelineRunner = async (execution, recorder) => {
    const attempt = (attempts.get(execution.id) ?? 0) + 1;
    attempts.set(execution.id, attempt);
    await recorder.stage('platform_detection', async () => {
      if (attempt === 1) throw failure();
      return { value: 'windows', summary: { os: 'windows' } };
    });
    return { status: 'completed', terminationReason: null };
  };
  return { runner, attempts };
}

describe('an execution whose peer request fails in transport', () => {
  let ctx: TestContext;
  let repo: ExecutionRepository;
  let worker: ExecutionWorker | null = null;
  const finished: WorkflowExecutionFinishedPayload[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ service: 'workflow' });
    repo = new ExecutionRepository(ctx.db.prisma);
    await ctx.bus.subscribe<WorkflowExecutionFinishedPayload>('test.finished', [TOPICS.workflowExecutionFinished], async (message) => {
      finished.push(message.payload);
    });
  }, 120_000);
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });
  afterAll(() => ctx.dispose());

  async function run(pipeline: PipelineRunner, maxTransportRequeues = 3): Promise<number> {
    worker = createExecutionWorker({
      repo,
      leases: new ExecutionLeaseRepository(ctx.db.prisma),
      bus: ctx.bus,
      logger: ctx.logger,
      runPipeline: pipeline,
      workerId: 'worker-a',
      concurrency: 2,
      heartbeatMs: 50,
      staleAfterMs: 2_000,
      maxTransportRequeues,
    });
    await worker.start();
    const row = await repo.create({
      articleId: await seedArticle(ctx.db.prisma),
      configSnapshot: {},
      configVersion: 1,
      triggeredBy: 'manual',
    });
    await ctx.bus.publish(TOPICS.workflowExecutionRequested, { execution_id: row.id });
    return row.id;
  }

  it('goes back to the queue and runs again: it completes, and is never failed', async () => {
    const pipeline = failingOnce(() => new BusUnavailableError('connection to RabbitMQ lost before the reply arrived'));
    const id = await run(pipeline.runner);
    await waitFor('the second run to complete', async () => (await repo.find(id))?.status === 'completed', 10_000);

    expect(pipeline.attempts.get(id)).toBe(2);
    const row = await repo.findWithStages(id);
    expect(row).toMatchObject({ status: 'completed', terminationReason: null, error: null, workerId: 'worker-a' });
    // The history is truthful: the first attempt's stage failed in transport, the second completed.
    expect(row?.stages.map((stage) => [stage.stage, stage.status])).toEqual([
      ['platform_detection', 'failed'],
      ['platform_detection', 'completed'],
    ]);
    expect(row?.stages[0]?.error).toMatch(/connection to RabbitMQ lost/);
    await waitFor('the finished event', () => finished.some((event) => event.execution_id === id));
    expect(finished.filter((event) => event.execution_id === id)).toEqual([{ execution_id: id, status: 'completed' }]);
  });

  it('fails, saying why, once a peer stays unreachable past the requeue cap, instead of re-running its stages forever', async () => {
    const runs = new Map<number, number>();
    const unreachable: PipelineRunner = async (execution, recorder) => {
      runs.set(execution.id, (runs.get(execution.id) ?? 0) + 1);
      await recorder.stage('platform_detection', async () => {
        throw new BusUnavailableError('content-filter.detect-os: no consumer answered');
      });
      return { status: 'completed', terminationReason: null };
    };
    const id = await run(unreachable, 2);
    await waitFor('the run to fail', async () => (await repo.find(id))?.status === 'failed', 15_000);
    // The first run and two requeues, then no more.
    expect(runs.get(id)).toBe(3);
    const row = await repo.findWithStages(id);
    expect(row).toMatchObject({
      terminationReason: 'peer_unreachable',
      transportRequeues: 2,
      error: expect.stringMatching(/no consumer answered; requeued 2 times already/),
    });
    expect(row?.stages.map((stage) => stage.status)).toEqual(['failed', 'failed', 'failed']);
    await waitFor('the finished event', () => finished.some((event) => event.execution_id === id));
    expect(finished.filter((event) => event.execution_id === id)).toEqual([{ execution_id: id, status: 'failed' }]);
  });

  it('still fails at once when the peer itself failed (not the transport)', async () => {
    const pipeline = failingOnce(() => new BusRemoteError('content-filter.classify-article', 'TypeError', 'cannot read the model'));
    const id = await run(pipeline.runner);
    await waitFor('the run to fail', async () => (await repo.find(id))?.status === 'failed', 10_000);
    expect(pipeline.attempts.get(id)).toBe(1);
    expect(await repo.find(id)).toMatchObject({ terminationReason: 'error', error: expect.stringMatching(/cannot read the model/) });
  });
});
