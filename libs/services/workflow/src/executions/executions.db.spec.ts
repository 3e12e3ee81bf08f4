import type { Express } from 'express';
import request from 'supertest';
import { TOPICS, routePrefixesOf, type WorkflowExecutionFinishedPayload } from '@huntforge/contracts';
import { listExecutionsResponseSchema } from '@huntforge/contracts/executions';
import type { Envelope } from '@huntforge/contracts/messages';
import type { ServiceModule } from '@huntforge/platform';
import { startServiceForTest, type ServiceUnderTest, type TestContext } from '@huntforge/service-testing';
import { waitFor } from '@huntforge/test-kit';
import { seedArticle } from '../test-support/seed';
import { ArticleTextReader } from '@huntforge/data';
import { ExecutionLeaseRepository } from '../repositories/execution-lease-repository';
import { ActiveExecutionExistsError, ExecutionArticleMissingError, ExecutionRepository } from '../repositories/execution-repository';
import type { ExecutionPorts } from '../executions-ports';
import type { ActiveConfigSource } from './active-config-source';
import { subscribeAutoTrigger } from './auto-trigger';
import { recoverPendingExecutions } from './recover-pending/recover-pending';
import { loadExecutionSettings } from './execution-config';
import { createExecutionWorker, type ExecutionWorker } from './execution-worker';
import { executionsRouter } from '../http/executions-router';
import type { PipelineRunner } from '../pipeline/pipeline-port';

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

const until = (condition: () => boolean | Promise<boolean>) => waitFor('the expected execution state', condition, 10_000);

/** A pipeline whose stages the test controls: each run records itself and may wait on a gate. */
function controllablePipeline() {
  const runs: number[] = [];
  const aborted: number[] = [];
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let failWith: string | null = null;
  const runner: PipelineRunner = async (execution, recorder) => {
    runs.push(execution.id);
    await recorder.stage('platform_detection', async (log) => {
      log('detected windows');
      return { value: 'windows', summary: { os: 'windows' } };
    });
    if (gate) {
      await new Promise<void>((resolve, reject) => {
        recorder.signal.addEventListener('abort', () => {
          aborted.push(execution.id);
          reject(recorder.signal.reason);
        });
        void must(gate).then(resolve);
      });
    }
    if (failWith) throw new Error(failWith);
    await recorder.stage('ranking', async () => ({ value: 7, summary: { score: 7 } }));
    return { status: 'completed', terminationReason: null, fields: { rankScore: 7 } };
  };
  return {
    runner,
    runs,
    aborted,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = null;
    },
    fail(message: string | null) {
      failWith = message;
    },
  };
}

describe('workflow executions', () => {
  let ctx: TestContext;
  let ports: ExecutionPorts;
  let worker: ExecutionWorker;
  let pipeline: ReturnType<typeof controllablePipeline>;
  let app: Express;
  let service: ServiceUnderTest<ServiceModule>;
  let threshold = 100;
  const finished: Array<Envelope<WorkflowExecutionFinishedPayload>> = [];
  const settings = loadExecutionSettings({ EXECUTION_HEARTBEAT_MS: '50', EXECUTION_STALE_AFTER_SECONDS: '2' });

  /** The executions routes and a worker on the test pipeline, as a module the kit's harness boots, serves and stops. */
  function executionsModule(context: TestContext): ServiceModule {
    ctx = context;
    const config: ActiveConfigSource = {
      active: async () => ({ version: 3, snapshot: { version: 3, thresholds: { RankingThreshold: 6 } }, autoTriggerThreshold: threshold }),
    };
    ports = {
      executions: new ExecutionRepository(ctx.db.prisma),
      leases: new ExecutionLeaseRepository(ctx.db.prisma),
      articles: new ArticleTextReader(ctx.db.prisma),
      activeConfig: config,
      bus: ctx.bus,
      logger: ctx.logger,
      timings: settings,
      modelCallTimeoutMs: 120_000,
    };
    pipeline = controllablePipeline();
    worker = createExecutionWorker({
      repo: ports.executions,
      leases: ports.leases,
      bus: ctx.bus,
      logger: ctx.logger,
      runPipeline: pipeline.runner,
      workerId: 'worker-a',
      concurrency: 4,
      heartbeatMs: settings.heartbeatMs,
      staleAfterMs: settings.staleAfterMs,
      maxTransportRequeues: 3,
    });
    return {
      name: 'workflow-executions',
      http: { prefixes: routePrefixesOf('workflow'), router: executionsRouter(ports) },
      start: () => worker.start(),
      stop: () => worker.stop(),
    };
  }

  beforeAll(async () => {
    service = await startServiceForTest('workflow', executionsModule);
    app = service.app;
    await ctx.bus.subscribe<WorkflowExecutionFinishedPayload>('test.finished', [TOPICS.workflowExecutionFinished], async (message) => {
      finished.push(message);
    });
  }, 120_000);
  afterAll(() => service.close());
  afterEach(() => {
    threshold = 100;
    pipeline.release();
    pipeline.fail(null);
  });

  const statusOf = async (id: number) => (await ports.executions.find(id))?.status;

  describe('trigger', () => {
    it('refuses without force when the hunt score is not strictly above the threshold, suggesting force=true', async () => {
      threshold = 60;
      const articleId = await seedArticle(ctx.db.prisma, { huntScore: 60 });
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger`).expect(422);
      expect(res.body.error.code).toBe('hunt_score_below_threshold');
      expect(res.body.error.message).toMatch(/not above the auto-trigger threshold 60.*force=true/);
      expect(await ctx.db.prisma.workflowExecution.count({ where: { articleId } })).toBe(0);
    });

    it('runs without force when the score is above the threshold, and with force regardless', async () => {
      threshold = 59.9;
      const above = await seedArticle(ctx.db.prisma, { huntScore: 60 });
      const res = await request(app).post(`/api/workflow/articles/${above}/trigger`).expect(202);
      expect(res.body).toMatchObject({ success: true, status: 'pending' });
      await until(async () => (await statusOf(res.body.execution_id)) === 'completed');

      threshold = 100;
      const low = await seedArticle(ctx.db.prisma, { huntScore: 1 });
      const forced = await request(app).post(`/api/workflow/articles/${low}/trigger?force=true`).expect(202);
      await until(async () => (await statusOf(forced.body.execution_id)) === 'completed');
      const row = await ports.executions.findWithStages(forced.body.execution_id);
      expect(row?.configSnapshot).toEqual({ version: 3, thresholds: { RankingThreshold: 6 } });
      expect(row?.configVersion).toBe(3);
      expect(row?.triggeredBy).toBe('manual');
      expect(row?.stages.map((stage) => [stage.stage, stage.status])).toEqual([
        ['platform_detection', 'completed'],
        ['ranking', 'completed'],
      ]);
      expect(row?.stages[0]?.logLines).toEqual(['detected windows']);
      expect(row?.rankScore).toBe(7);
      await until(() => finished.some((message) => message.payload.execution_id === forced.body.execution_id));
    });

    it('answers 404 for an unknown article and 400 for a malformed id', async () => {
      const before = await ctx.db.prisma.workflowExecution.count();
      expect((await request(app).post('/api/workflow/articles/999999/trigger?force=true').expect(404)).body.error.code).toBe(
        'article_not_found',
      );
      expect((await request(app).post('/api/workflow/articles/999999/trigger').expect(404)).body.error.code).toBe('article_not_found');
      expect(await ctx.db.prisma.workflowExecution.count()).toBe(before);
      expect((await request(app).post('/api/workflow/articles/abc/trigger').expect(400)).body.error.code).toBe('validation_error');
    });

    it('refuses with 409 active_execution while a run is active, naming it and returning execution_id null', async () => {
      pipeline.hold();
      const articleId = await seedArticle(ctx.db.prisma);
      const first = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
      await until(async () => (await statusOf(first.body.execution_id)) === 'running');
      const second = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(409);
      expect(second.body).toMatchObject({
        error: { code: 'active_execution', details: { active_execution_id: first.body.execution_id, status: 'running' } },
        execution_id: null,
      });
      expect(second.body.error.message).toMatch(/already has an active workflow execution/);
      pipeline.release();
      await until(async () => (await statusOf(first.body.execution_id)) === 'completed');
    });

    it('replaces a stuck pending row (older than STUCK_PENDING_AFTER, never started) with a fresh execution', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const stuck = await ports.executions.create({ articleId, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' });
      await ctx.db.prisma.workflowExecution.update({ where: { id: stuck.id }, data: { createdAt: new Date(Date.now() - 6 * 60_000) } });
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
      expect(res.body.replaced_stuck_execution_id).toBe(stuck.id);
      const old = await ports.executions.find(stuck.id);
      expect(old).toMatchObject({ status: 'failed', terminationReason: 'stuck_pending' });
      await until(async () => (await statusOf(res.body.execution_id)) === 'completed');
    });

    it('keeps a pending row inside its window: the trigger is refused', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const pending = await ports.executions.create({ articleId, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' });
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(409);
      expect(res.body.error.details.active_execution_id).toBe(pending.id);
      await ports.executions.endActive(pending.id, 'cancelled', 'cancelled');
    });
  });

  describe('execution rows', () => {
    it('copies a shared snapshot from the row created with it before, and writes it itself once that row is gone', async () => {
      const repo = new ExecutionRepository(ctx.db.prisma);
      const snapshot = { version: 4, thresholds: { RankingThreshold: 5 }, prompts: { RankAgent: { text: 'rank it' } } };
      const [a, b, c] = [await seedArticle(ctx.db.prisma), await seedArticle(ctx.db.prisma), await seedArticle(ctx.db.prisma)];
      const first = await repo.create({ articleId: a, configSnapshot: snapshot, configVersion: 4, triggeredBy: 'manual' });
      // Marks the stored copy, so the next row shows where its snapshot came from (the database, not the object).
      await ctx.db.prisma.workflowExecution.update({ where: { id: first.id }, data: { configSnapshot: { ...snapshot, marker: 1 } } });
      const second = await repo.create({
        articleId: b,
        configSnapshot: snapshot,
        configVersion: 4,
        triggeredBy: 'retry',
        retryOfId: first.id,
      });
      expect(second).toEqual({ id: expect.any(Number), status: 'pending', articleId: b, createdAt: expect.any(Date), configVersion: 4 });
      expect(await repo.find(second.id)).toMatchObject({
        configSnapshot: { ...snapshot, marker: 1 },
        configVersion: 4,
        triggeredBy: 'retry',
        retryOfId: first.id,
        isEvalRun: false,
        status: 'pending',
        transportRequeues: 0,
        startedAt: null,
      });

      // A copying create refuses as the plain one does.
      await expect(repo.create({ articleId: b, configSnapshot: snapshot, configVersion: 4, triggeredBy: 'manual' })).rejects.toBeInstanceOf(
        ActiveExecutionExistsError,
      );
      await expect(
        repo.create({ articleId: 999_999, configSnapshot: snapshot, configVersion: 4, triggeredBy: 'manual' }),
      ).rejects.toBeInstanceOf(ExecutionArticleMissingError);

      await ctx.db.prisma.workflowExecution.deleteMany({ where: { id: { in: [first.id, second.id] } } });
      const third = await repo.create({ articleId: c, configSnapshot: snapshot, configVersion: 4, triggeredBy: 'manual' });
      expect((await repo.find(third.id))?.configSnapshot).toEqual(snapshot);
      // Never dispatched: left pending it would be a crashed process's orphan to the recovery tests.
      await ctx.db.prisma.workflowExecution.delete({ where: { id: third.id } });
    });
  });

  describe('worker', () => {
    it('skips a duplicate dispatch of a claimed row without running the pipeline again', async () => {
      pipeline.hold();
      const articleId = await seedArticle(ctx.db.prisma);
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
      const id = res.body.execution_id as number;
      await until(async () => (await statusOf(id)) === 'running');
      await ctx.bus.publish(TOPICS.workflowExecutionRequested, { execution_id: id });
      await until(() => ctx.logs.lines().some((line) => line.executionId === id && /duplicate dispatch skipped/.test(String(line.msg))));
      pipeline.release();
      await until(async () => (await statusOf(id)) === 'completed');
      expect(pipeline.runs.filter((run) => run === id)).toHaveLength(1);
      // A dispatch after completion is skipped too.
      await ctx.bus.publish(TOPICS.workflowExecutionRequested, { execution_id: id });
      await until(
        () =>
          ctx.logs.lines().filter((line) => line.executionId === id && /duplicate dispatch skipped/.test(String(line.msg))).length === 2,
      );
      expect(pipeline.runs.filter((run) => run === id)).toHaveLength(1);
    });

    it('records a failing pipeline as failed with the error, and publishes the outcome', async () => {
      pipeline.fail('extractor exploded');
      const articleId = await seedArticle(ctx.db.prisma);
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
      await until(async () => (await statusOf(res.body.execution_id)) === 'failed');
      expect(await ports.executions.find(res.body.execution_id)).toMatchObject({ terminationReason: 'error', error: 'extractor exploded' });
      await until(() => finished.some((m) => m.payload.execution_id === res.body.execution_id && m.payload.status === 'failed'));
    });

    it('takes over a running row whose heartbeat went stale (its worker died), and only then', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const row = await ports.executions.create({ articleId, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' });
      await ctx.db.prisma.workflowExecution.update({
        where: { id: row.id },
        data: { status: 'running', workerId: 'dead-worker', startedAt: new Date(), heartbeatAt: new Date() },
      });
      expect(await ports.leases.claim(row.id, 'worker-b', new Date(Date.now() - settings.staleAfterMs))).toBeNull();
      await ctx.db.prisma.workflowExecution.update({
        where: { id: row.id },
        data: { currentStep: 'junk_filter', heartbeatAt: new Date(Date.now() - 60_000) },
      });
      expect(await worker.sweepStale()).toContain(row.id);
      await until(async () => (await statusOf(row.id)) === 'completed');
      expect((await ports.executions.find(row.id))?.workerId).toBe('worker-a');
      const stages = await ctx.db.prisma.executionStage.findMany({ where: { executionId: row.id }, orderBy: { id: 'asc' } });
      expect(stages[0]).toMatchObject({
        stage: 'junk_filter',
        status: 'failed',
        error: expect.stringMatching(/^abandoned: its worker \(dead-worker\) stopped/),
      });
      expect(stages.slice(1).map((stage) => stage.stage)).toEqual(['platform_detection', 'ranking']);
    });
  });

  describe('cancel', () => {
    it('stops a running execution: the AbortSignal fires, status cancelled, nothing written afterwards', async () => {
      pipeline.hold();
      const articleId = await seedArticle(ctx.db.prisma);
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
      const id = res.body.execution_id as number;
      await until(async () => (await statusOf(id)) === 'running');
      const cancel = await request(app).post(`/api/workflow/executions/${id}/cancel`).expect(200);
      expect(cancel.body).toMatchObject({ success: true, status: 'cancelled' });
      await until(() => pipeline.aborted.includes(id));
      pipeline.release();
      const stagesAtCancel = await ctx.db.prisma.executionStage.count({ where: { executionId: id } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const row = await ports.executions.findWithStages(id);
      expect(row).toMatchObject({ status: 'cancelled', terminationReason: 'cancelled', rankScore: null });
      expect(row?.stages).toHaveLength(stagesAtCancel);
      expect(row?.stages.some((stage) => stage.stage === 'ranking')).toBe(false);
    });

    it('refuses to cancel a finished execution with 409 invalid_transition, and 404 for an unknown one', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
      await until(async () => (await statusOf(res.body.execution_id)) === 'completed');
      const refused = await request(app).post(`/api/workflow/executions/${res.body.execution_id}/cancel`).expect(409);
      expect(refused.body.error).toMatchObject({ code: 'invalid_transition', details: { status: 'completed' } });
      expect((await request(app).post('/api/workflow/executions/987654/cancel').expect(404)).body.error.code).toBe('execution_not_found');
    });
  });

  describe('retry', () => {
    it('creates a new execution for the same article and snapshot from a failed one', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const failed = await ports.executions.create({
        articleId,
        configSnapshot: { pinned: true },
        configVersion: 2,
        triggeredBy: 'manual',
      });
      await ports.executions.endActive(failed.id, 'failed', 'error', 'boom');
      const res = await request(app).post(`/api/workflow/executions/${failed.id}/retry`).expect(202);
      expect(res.body).toMatchObject({
        success: true,
        retry_of_id: failed.id,
        config_version: 2,
        message: expect.stringContaining('same configuration snapshot'),
      });
      await until(async () => (await statusOf(res.body.execution_id)) === 'completed');
      const retry = await ports.executions.find(res.body.execution_id);
      expect(retry).toMatchObject({
        articleId,
        configSnapshot: { pinned: true },
        configVersion: 2,
        triggeredBy: 'retry',
        retryOfId: failed.id,
      });
    });

    it('runs with the active configuration when asked (use_current_config=true), keeping an evaluation run one', async () => {
      for (const isEvalRun of [false, true]) {
        const articleId = await seedArticle(ctx.db.prisma);
        const failed = await ports.executions.create({
          articleId,
          configSnapshot: { pinned: true, ...(isEvalRun ? { eval_run: true } : {}) },
          configVersion: 2,
          triggeredBy: 'manual',
          isEvalRun,
        });
        await ports.executions.endActive(failed.id, 'failed', 'error', 'ranking: provider not configured');
        const res = await request(app).post(`/api/workflow/executions/${failed.id}/retry`).send({ use_current_config: true }).expect(202);
        expect(res.body).toMatchObject({
          retry_of_id: failed.id,
          config_version: 3,
          message: expect.stringContaining('active configuration (version 3)'),
        });
        await until(async () => (await statusOf(res.body.execution_id)) === 'completed');
        const retry = must(await ports.executions.find(res.body.execution_id));
        expect(retry).toMatchObject({ configVersion: 3, triggeredBy: 'retry', retryOfId: failed.id, isEvalRun });
        expect(retry.configSnapshot).toEqual({ version: 3, thresholds: { RankingThreshold: 6 }, ...(isEvalRun ? { eval_run: true } : {}) });
      }
    });

    it('refuses a malformed retry body with 400, creating nothing', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const failed = await ports.executions.create({ articleId, configSnapshot: {}, configVersion: 2, triggeredBy: 'manual' });
      await ports.executions.endActive(failed.id, 'failed', 'error', 'boom');
      for (const body of [{ use_current_config: 'yes' }, { use_current: true }]) {
        const res = await request(app).post(`/api/workflow/executions/${failed.id}/retry`).send(body).expect(400);
        expect(res.body.error.code).toBe('validation_error');
      }
      expect(await ctx.db.prisma.workflowExecution.count({ where: { retryOfId: failed.id } })).toBe(0);
    });

    it('refuses to retry a completed execution (409 invalid_transition)', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
      await until(async () => (await statusOf(res.body.execution_id)) === 'completed');
      const refused = await request(app).post(`/api/workflow/executions/${res.body.execution_id}/retry`).expect(409);
      expect(refused.body.error.code).toBe('invalid_transition');
    });
  });

  describe('cleanup-stale and trigger-stuck', () => {
    it('cleanup-stale fails running rows whose heartbeat stopped, leaving live ones', async () => {
      const staleArticle = await seedArticle(ctx.db.prisma);
      const liveArticle = await seedArticle(ctx.db.prisma);
      const stale = await ports.executions.create({ articleId: staleArticle, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' });
      const live = await ports.executions.create({ articleId: liveArticle, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' });
      await ctx.db.prisma.workflowExecution.update({
        where: { id: stale.id },
        data: { status: 'running', workerId: 'gone', heartbeatAt: new Date(Date.now() - 10 * 60_000) },
      });
      await ctx.db.prisma.workflowExecution.update({
        where: { id: live.id },
        data: { status: 'running', workerId: 'alive', heartbeatAt: new Date() },
      });
      const res = await request(app).post('/api/workflow/executions/cleanup-stale').expect(200);
      expect(res.body.execution_ids).toContain(stale.id);
      expect(res.body.execution_ids).not.toContain(live.id);
      expect(await ports.executions.find(stale.id)).toMatchObject({ status: 'failed', terminationReason: 'stale' });
      expect(await statusOf(live.id)).toBe('running');
      await ports.executions.endActive(live.id, 'cancelled', 'cancelled');
    });

    it('trigger-stuck queues rows pending past their window and lists fresher ones (eval rows get the longer window)', async () => {
      // A worker would claim the re-queued rows at once; stop it so the test sees only what was queued.
      await worker.stop();
      try {
        const [a, b, c] = [await seedArticle(ctx.db.prisma), await seedArticle(ctx.db.prisma), await seedArticle(ctx.db.prisma)];
        const stuck = await ports.executions.create({ articleId: a, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' });
        const fresh = await ports.executions.create({ articleId: b, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' });
        const evalRow = await ports.executions.create({
          articleId: c,
          configSnapshot: { eval_run: true },
          configVersion: 1,
          triggeredBy: 'eval',
          isEvalRun: true,
        });
        const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
        await ctx.db.prisma.workflowExecution.updateMany({
          where: { id: { in: [stuck.id, evalRow.id] } },
          data: { createdAt: tenMinutesAgo },
        });
        const res = await request(app).post('/api/workflow/executions/trigger-stuck').expect(200);
        expect(res.body.queued_execution_ids).toContain(stuck.id);
        expect(res.body.queued_execution_ids).not.toContain(evalRow.id);
        const skippedIds = (res.body.skipped as Array<{ execution_id: number }>).map((entry) => entry.execution_id);
        expect(skippedIds).toEqual(expect.arrayContaining([fresh.id, evalRow.id]));
        expect(res.body.successful).toBe(res.body.queued_execution_ids.length);
        expect(res.body.failed).toBe(0);
        expect(await statusOf(stuck.id)).toBe('pending');
        for (const row of [fresh, evalRow]) await ports.executions.endActive(row.id, 'cancelled', 'cancelled');
      } finally {
        await worker.start();
      }
    });
  });

  describe('recovery at start', () => {
    it('queues again what a crashed process left pending (its requests died with it), and a surviving duplicate request runs nothing twice', async () => {
      await worker.stop();
      let orphans: number[] = [];
      try {
        const [a, b] = [await seedArticle(ctx.db.prisma), await seedArticle(ctx.db.prisma)];
        // Rows as a killed process leaves them: created, request lost, never claimed.
        orphans = [
          (await ports.executions.create({ articleId: a, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' })).id,
          (await ports.executions.create({ articleId: b, configSnapshot: {}, configVersion: 1, triggeredBy: 'auto' })).id,
        ];
        const done = await seedArticle(ctx.db.prisma);
        const finishedRow = await ports.executions.create({ articleId: done, configSnapshot: {}, configVersion: 1, triggeredBy: 'manual' });
        await ports.executions.endActive(finishedRow.id, 'cancelled', 'cancelled');

        expect(await recoverPendingExecutions(ports)).toEqual(orphans);
      } finally {
        await worker.start();
      }
      await until(async () => (await statusOf(orphans[0] ?? 0)) === 'completed' && (await statusOf(orphans[1] ?? 0)) === 'completed');
      // The request also survived (a durable queue): the copy is skipped, the pipeline ran once per row.
      const orphan = orphans[0];
      await ctx.bus.publish(TOPICS.workflowExecutionRequested, { execution_id: orphan });
      await until(() =>
        ctx.logs.lines().some((line) => line.executionId === orphan && /duplicate dispatch skipped/.test(String(line.msg))),
      );
      expect(pipeline.runs.filter((id) => orphans.includes(id)).sort()).toEqual([...orphans].sort());
      expect(await recoverPendingExecutions(ports)).toEqual([]);
    });
  });

  describe('list and detail', () => {
    it('pages, filters and counts by status', async () => {
      const res = await request(app).get('/api/workflow/executions?limit=2&page=1').expect(200);
      const body = listExecutionsResponseSchema.parse(res.body);
      expect(body.executions).toHaveLength(2);
      expect(body.limit).toBe(2);
      expect(body.total).toBe(await ctx.db.prisma.workflowExecution.count());
      expect(body.total_pages).toBe(Math.ceil(body.total / 2));
      const all = await ctx.db.prisma.workflowExecution.groupBy({ by: ['status'], _count: { _all: true } });
      const completed = all.find((row) => row.status === 'completed')?._count._all ?? 0;
      expect(body.completed).toBe(completed);
      const onlyFailed = listExecutionsResponseSchema.parse(
        (await request(app).get('/api/workflow/executions?status=failed&limit=200').expect(200)).body,
      );
      expect(onlyFailed.executions.every((row) => row.status === 'failed')).toBe(true);
      expect(onlyFailed.total).toBe(all.find((row) => row.status === 'failed')?._count._all ?? 0);
      const asc = listExecutionsResponseSchema.parse(
        (await request(app).get('/api/workflow/executions?sort_by=id&sort_order=asc').expect(200)).body,
      );
      const ids = asc.executions.map((row) => row.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    });

    it('leaves evaluation runs out when asked (is_eval_run=false), in the rows and in the counts', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const evalRow = await ports.executions.create({
        articleId,
        configSnapshot: { eval_run: true },
        configVersion: 1,
        triggeredBy: 'eval',
        isEvalRun: true,
      });
      await ports.executions.endActive(evalRow.id, 'cancelled', 'cancelled');
      const everyday = listExecutionsResponseSchema.parse(
        (await request(app).get('/api/workflow/executions?is_eval_run=false&limit=200').expect(200)).body,
      );
      expect(everyday.executions.some((row) => row.is_eval_run)).toBe(false);
      const counted = await ctx.db.prisma.workflowExecution.count({ where: { isEvalRun: false } });
      expect(everyday.total).toBe(counted);
      const byStatus = await ctx.db.prisma.workflowExecution.groupBy({
        by: ['status'],
        where: { isEvalRun: false },
        _count: { _all: true },
      });
      expect(everyday.completed).toBe(byStatus.find((row) => row.status === 'completed')?._count._all ?? 0);
      const onlyEval = listExecutionsResponseSchema.parse(
        (await request(app).get('/api/workflow/executions?is_eval_run=true&limit=200').expect(200)).body,
      );
      expect(onlyEval.executions.map((row) => row.id)).toContain(evalRow.id);
      expect(onlyEval.executions.every((row) => row.is_eval_run)).toBe(true);
      expect((await request(app).get('/api/workflow/executions?is_eval_run=maybe').expect(400)).body.error.code).toBe('validation_error');
    });

    it("summarises a row in the list as its detail does: the rules' number, the article's title, every column", async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const created = await ports.executions.create({ articleId, configSnapshot: { version: 3 }, configVersion: 3, triggeredBy: 'manual' });
      const rules = [{ title: 'first' }, { title: 'second' }, { title: 'third' }];
      await ctx.db.prisma.workflowExecution.update({
        where: { id: created.id },
        data: {
          status: 'completed',
          sigmaRules: rules,
          rankScore: 6.5,
          extractionCounts: { cmdline: 2 },
          terminationReason: 'done',
          startedAt: new Date('2026-01-02T03:04:05.678Z'),
          finishedAt: new Date('2026-01-02T03:04:06.789Z'),
        },
      });
      const listed = listExecutionsResponseSchema
        .parse((await request(app).get(`/api/workflow/executions?article_id=${articleId}`).expect(200)).body)
        .executions.find((row) => row.id === created.id);
      const { body: detail } = await request(app).get(`/api/workflow/executions/${created.id}`).expect(200);
      expect(listed).toMatchObject({ sigma_rule_count: 3, rank_score: 6.5, article_title: detail.article_title });
      expect(detail.article_title).toEqual(expect.any(String));
      expect(listed).toEqual(Object.fromEntries(Object.keys(listed ?? {}).map((key) => [key, detail[key]])));
    });

    it('rejects a limit over 200 and an unknown status with 400', async () => {
      expect((await request(app).get('/api/workflow/executions?limit=201').expect(400)).body.error.code).toBe('validation_error');
      expect((await request(app).get('/api/workflow/executions?status=exploded').expect(400)).body.error.code).toBe('validation_error');
    });

    it('returns one execution with its stages, 404 when unknown', async () => {
      const articleId = await seedArticle(ctx.db.prisma);
      const res = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
      await until(async () => (await statusOf(res.body.execution_id)) === 'completed');
      const detail = await request(app).get(`/api/workflow/executions/${res.body.execution_id}`).expect(200);
      expect(detail.body).toMatchObject({ execution_id: res.body.execution_id, status: 'completed', rank_score: 7 });
      expect(detail.body.stages.map((stage: { stage: string }) => stage.stage)).toEqual(['platform_detection', 'ranking']);
      expect((await request(app).get('/api/workflow/executions/424242').expect(404)).body.error.code).toBe('execution_not_found');
    });
  });

  describe('auto-trigger on article.ingested', () => {
    it('starts a run only when the hunt score is strictly above the threshold', async () => {
      const subscription = await subscribeAutoTrigger(ports);
      try {
        threshold = 70;
        const above = await seedArticle(ctx.db.prisma, { huntScore: 70.1 });
        const equal = await seedArticle(ctx.db.prisma, { huntScore: 70 });
        await ctx.bus.publish(TOPICS.articleIngested, { article_id: equal, hunt_score: 70 });
        await ctx.bus.publish(TOPICS.articleIngested, { article_id: above, hunt_score: 70.1 });
        await until(async () => (await ctx.db.prisma.workflowExecution.count({ where: { articleId: above } })) === 1);
        const auto = await ctx.db.prisma.workflowExecution.findFirst({ where: { articleId: above } });
        expect(auto?.triggeredBy).toBe('auto');
        await until(() => ctx.logs.lines().some((line) => line.articleId === equal && /not auto-triggered/.test(String(line.msg))));
        expect(await ctx.db.prisma.workflowExecution.count({ where: { articleId: equal } })).toBe(0);
      } finally {
        await subscription.cancel();
      }
    });
  });
});
