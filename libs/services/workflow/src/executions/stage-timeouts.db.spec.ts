import request from 'supertest';
import { executionDetailSchema } from '@huntforge/contracts/executions';
import { ExecutionLeaseRepository } from '../repositories/execution-lease-repository';
import { ExecutionRepository } from '../repositories/execution-repository';
import { seedArticle } from '../test-support/seed';
import { startWorkflow, type WorkflowHarness } from '../test-support/workflow-harness';

const MODEL_CALL_TIMEOUT_MS = 45_000;

describe('execution detail: the provider timeout of each stage’s model call', () => {
  let h: WorkflowHarness;
  beforeAll(async () => {
    h = await startWorkflow({ serviceEnv: { WORKFLOW_LLM_TIMEOUT_MS: String(MODEL_CALL_TIMEOUT_MS) } });
  }, 120_000);
  afterAll(() => h.close());

  /** An execution with the given config snapshot and one record per stage, as a run that got that far leaves it. */
  async function executionWith(configSnapshot: unknown, stages: string[], options: { runningAt?: string } = {}): Promise<number> {
    const created = await new ExecutionRepository(h.ctx.db.prisma).create({
      articleId: await seedArticle(h.ctx.db.prisma),
      configSnapshot,
      configVersion: null,
      triggeredBy: 'manual',
    });
    if (options.runningAt) {
      // Claimed by a worker that is now at `runningAt`, its earlier stages recorded.
      expect(await new ExecutionLeaseRepository(h.ctx.db.prisma).claim(created.id, 'worker-test', new Date())).not.toBeNull();
      await h.ctx.db.prisma.workflowExecution.update({ where: { id: created.id }, data: { currentStep: options.runningAt } });
    }
    for (const stage of stages) {
      await h.ctx.db.prisma.executionStage.create({
        data: { executionId: created.id, stage, status: 'completed', finishedAt: new Date(), durationMs: 5 },
      });
    }
    return created.id;
  }

  async function timeouts(id: number): Promise<Record<string, number | null | undefined>> {
    const res = await request(h.app).get(`/api/workflow/executions/${id}`).expect(200);
    const detail = executionDetailSchema.parse(res.body);
    return Object.fromEntries(detail.stages.map((stage) => [stage.stage, stage.timeout_ms]));
  }

  it('gives WORKFLOW_LLM_TIMEOUT_MS on the stages whose agent calls a model provider, null on the builtin and model-free ones', async () => {
    const id = await executionWith(
      {
        agents: {
          RankAgent: { provider: 'anthropic', model: 'claude-test' },
          OSDetectionAgent: { provider: 'builtin' },
          SigmaAgent: { provider: 'builtin' },
        },
      },
      ['source_sigma_import', 'platform_detection', 'junk_filter', 'ranking', 'extraction', 'aggregation', 'sigma_generation'],
    );
    expect(await timeouts(id)).toEqual({
      source_sigma_import: null,
      platform_detection: null,
      junk_filter: null,
      ranking: MODEL_CALL_TIMEOUT_MS,
      extraction: null,
      aggregation: null,
      sigma_generation: null,
    });
  });

  it('shows the stage a running execution is at, with its elapsed time’s start and the timeout that will end its model call', async () => {
    const id = await executionWith(
      { agents: { RankAgent: { provider: 'anthropic', model: 'claude-test' } } },
      ['platform_detection', 'junk_filter'],
      { runningAt: 'ranking' },
    );
    const lastEnded = await h.ctx.db.prisma.executionStage.findFirstOrThrow({
      where: { executionId: id },
      orderBy: { finishedAt: 'desc' },
    });

    const res = await request(h.app).get(`/api/workflow/executions/${id}`).expect(200);
    const detail = executionDetailSchema.parse(res.body);
    expect(detail.stages.map((stage) => [stage.stage, stage.status, stage.timeout_ms])).toEqual([
      ['platform_detection', 'completed', null],
      ['junk_filter', 'completed', null],
      ['ranking', 'running', MODEL_CALL_TIMEOUT_MS],
    ]);
    expect(detail.stages[2]).toMatchObject({ finished_at: null, duration_ms: null, started_at: lastEnded.finishedAt?.toISOString() });
  });

  it('counts an extractor that takes ExtractAgent’s provider, and OS adjudication and Sigma generation with a provider', async () => {
    const id = await executionWith(
      {
        agents: {
          ExtractAgent: { provider: 'anthropic', model: 'claude-test' },
          CmdlineExtract: { provider: 'anthropic', model: null },
          OSDetectionAgent: { provider: 'anthropic', model: 'claude-test' },
          SigmaAgent: { provider: 'ollama', model: 'llama-test' },
          RankAgent: { provider: 'builtin' },
        },
      },
      ['platform_detection', 'ranking', 'extraction', 'sigma_generation'],
    );
    expect(await timeouts(id)).toEqual({
      platform_detection: MODEL_CALL_TIMEOUT_MS,
      ranking: null,
      extraction: MODEL_CALL_TIMEOUT_MS,
      sigma_generation: MODEL_CALL_TIMEOUT_MS,
    });
  });
});
