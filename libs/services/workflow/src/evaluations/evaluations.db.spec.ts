import { createExecution } from '@huntforge/service-testing';
import request from 'supertest';
import { EVAL_SUBAGENTS, evalRecordSchema, savedEvalResultSchema, type EvalRecordView } from '@huntforge/contracts/workflow';
import type { EvalSet } from '@huntforge/observables';
import { startFakeOpenAi, type FakeProviderServer } from '@huntforge/testing';
import { waitFor } from '@huntforge/test-kit';
import { seedArticle } from '../test-support/seed';
import { startWorkflow, type WorkflowHarness } from '../test-support/workflow-harness';
import { readEvalSet, resolveEvalArticlesFile } from './eval-set-source';

const API_KEY = 'sk-eval-fake-0123456789abcdef';
const MODEL = 'gpt-4.1-mini';
function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

const evalSet: EvalSet = readEvalSet(resolveEvalArticlesFile());

async function seedEvalArticles(harness: WorkflowHarness, skip: string[] = []): Promise<void> {
  for (const fixture of evalSet.fixtures) {
    if (skip.includes(fixture.url)) continue;
    await seedArticle(harness.ctx.db.prisma, { url: fixture.url, title: fixture.title, content: fixture.content });
  }
}

async function counts(harness: WorkflowHarness) {
  const prisma = harness.ctx.db.prisma;
  return { records: await prisma.evaluationRecord.count(), executions: await prisma.workflowExecution.count() };
}

async function settled(harness: WorkflowHarness, ids: number[]): Promise<EvalRecordView[]> {
  let views: EvalRecordView[] = [];
  await waitFor(
    'every evaluation record settled',
    async () => {
      views = await Promise.all(
        ids.map(
          async (id) => (await request(harness.app).get(`/api/evaluations/subagent-eval-status/${id}`).expect(200)).body as EvalRecordView,
        ),
      );
      return views.every((view) => view.status === 'completed' || view.status === 'failed');
    },
    60_000,
  );
  return views;
}

/** The launch cap the harness runs with: room for the largest subagent's whole set, and a request above it to refuse. */
const CAP = Math.max(25, ...Object.values(evalSet.bySubagent).map((articles) => articles.length));

describe('subagent evaluations with the builtin provider', () => {
  let harness: WorkflowHarness;
  const unseeded = must(evalSet.bySubagent.scheduled_tasks[0]).url;

  beforeAll(async () => {
    harness = await startWorkflow({ serviceEnv: { MAX_EVAL_EXECUTIONS_PER_LAUNCH: String(CAP) } });
    await seedEvalArticles(harness, [unseeded]);
  }, 120_000);
  afterAll(() => harness.close());

  it('refuses with 422 before any write: a URL without a fixture, a run above the cap, an article not seeded', async () => {
    const before = await counts(harness);
    const missing = await request(harness.app)
      .post('/api/evaluations/run-subagent-eval')
      .send({ subagent_name: 'cmdline', article_urls: [must(evalSet.bySubagent.cmdline[0]).url, 'https://nowhere.example/not-a-fixture'] })
      .expect(422);
    expect(missing.body.error).toMatchObject({
      code: 'eval_fixture_missing',
      details: { urls: ['https://nowhere.example/not-a-fixture'] },
    });
    const many = Array.from({ length: CAP + 1 }, (_, i) => `https://nowhere.example/${i}`);
    const large = await request(harness.app)
      .post('/api/evaluations/run-subagent-eval')
      .send({ subagent_name: 'cmdline', article_urls: many })
      .expect(422);
    expect(large.body.error).toMatchObject({ code: 'eval_run_too_large', details: { requested: CAP + 1, max: CAP } });
    const notSeeded = await request(harness.app)
      .post('/api/evaluations/run-subagent-eval')
      .send({ subagent_name: 'scheduled_tasks' })
      .expect(422);
    expect(notSeeded.body.error).toMatchObject({ code: 'eval_article_not_seeded', details: { urls: [unseeded] } });
    const invalid = await request(harness.app).post('/api/evaluations/run-subagent-eval').send({ subagent_name: 'nope' }).expect(400);
    expect(invalid.body.error.code).toBe('validation_error');
    expect(await counts(harness)).toEqual(before);
    const fixture = must(evalSet.fixtures.find((f) => f.url === unseeded));
    await seedArticle(harness.ctx.db.prisma, { url: fixture.url, title: fixture.title, content: fixture.content });
  });

  it('lists the eval articles of a subagent with counts derived from their ground-truth items', async () => {
    const res = await request(harness.app).get('/api/evaluations/subagent-eval-articles?subagent=windows_services').expect(200);
    expect(res.body.agent).toBe('ServicesExtract');
    expect(res.body.total).toBe(evalSet.bySubagent.windows_services.length);
    expect(res.body.total).toBeGreaterThanOrEqual(5);
    for (const article of res.body.articles) {
      expect(article.expected_count).toBe(article.expected_items.length);
      expect(typeof article.article_id).toBe('number');
    }
    // The extractor's name is an alias of the subagent.
    const alias = await request(harness.app).get('/api/evaluations/subagent-eval-articles?subagent=ServicesExtract').expect(200);
    expect(alias.body.subagent).toBe('windows_services');
    const bad = await request(harness.app).get('/api/evaluations/subagent-eval-articles?subagent=sigma_magic').expect(400);
    expect(bad.body.error.code).toBe('validation_error');
  });

  it('runs the whole cmdline set: one evaluation execution per article, scored per item, nothing queued, config untouched', async () => {
    const activeBefore = (await request(harness.app).get('/api/workflow/config').expect(200)).body.version;
    const launched = await request(harness.app)
      .post('/api/evaluations/run-subagent-eval')
      .send({ subagent_name: 'cmdline', use_active_config: false })
      .expect(202);
    expect(launched.body).toMatchObject({
      subagent: 'cmdline',
      agent: 'CmdlineExtract',
      provider: 'builtin',
      model: null,
      stagger_seconds: 0,
      config_version: activeBefore,
    });
    expect(launched.body.total).toBe(evalSet.bySubagent.cmdline.length);
    const views = await settled(
      harness,
      launched.body.records.map((r: { id: number }) => r.id),
    );
    expect(views.every((view) => view.status === 'completed')).toBe(true);
    for (const view of views) {
      expect(evalRecordSchema.safeParse(view).success).toBe(true);
      expect(view.score).toBe((view.actual_count ?? 0) - (view.expected_count ?? 0));
      expect(must(view.matched_count) + must(view.missed_count)).toBe(view.expected_count);
      expect(view.matched_items).toHaveLength(view.matched_count ?? -1);
      expect(view.extra_items).toHaveLength(view.extra_count ?? -1);
    }
    // The builtin extractor finds most of what an analyst would: recall well above chance on this set.
    const matched = views.reduce((sum, v) => sum + (v.matched_count ?? 0), 0);
    const expected = views.reduce((sum, v) => sum + (v.expected_count ?? 0), 0);
    expect(matched / expected).toBeGreaterThan(0.6);

    const prisma = harness.ctx.db.prisma;
    const executions = await prisma.workflowExecution.findMany({
      where: { id: { in: launched.body.records.map((r: { execution_id: number }) => r.execution_id) } },
      include: { stages: true },
    });
    for (const execution of executions) {
      expect(execution).toMatchObject({ isEvalRun: true, triggeredBy: 'eval', status: 'completed' });
      expect((execution.configSnapshot as Record<string, unknown>)['eval_run']).toBe(true);
      expect(execution.stages.map((stage) => stage.stage).sort()).toEqual(['aggregation', 'evaluation', 'extraction']);
    }
    expect(await prisma.sigmaQueueItem.count()).toBe(0);
    expect((await request(harness.app).get('/api/workflow/config').expect(200)).body.version).toBe(activeBefore);

    const results = await request(harness.app).get('/api/evaluations/subagent-eval-results?subagent=cmdline').expect(200);
    expect(results.body.total).toBe(views.length);
    const aggregate = await request(harness.app).get('/api/evaluations/subagent-eval-aggregate?subagent=cmdline').expect(200);
    expect(aggregate.body.eval_set_total).toBe(evalSet.bySubagent.cmdline.length);
    const version = aggregate.body.versions[0];
    expect(version).toMatchObject({ config_version: activeBefore, scored_articles: views.length, models: ['builtin'] });
    const mae = views.reduce((sum, v) => sum + Math.abs(v.score ?? 0), 0) / views.length;
    expect(version.raw_mae).toBeCloseTo(mae, 3);
    expect(Object.values(version.score_distribution as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(views.length);
    expect(version.count_accuracy.pass + version.count_accuracy.partial + version.count_accuracy.fail).toBe(views.length);
    expect(version.mean_recall).toBeGreaterThan(0.5);

    const models = await request(harness.app).get('/api/evaluations/subagent-eval-models?subagent=cmdline').expect(200);
    expect(models.body.models).toEqual([{ model: 'builtin', provider: 'builtin', records: views.length }]);

    const legacy = await request(harness.app).get('/api/eval/observables-count-results?subagent=cmdline').expect(200);
    expect(savedEvalResultSchema.safeParse(legacy.body).success).toBe(true);
    expect(legacy.body.metrics).toMatchObject({ total_articles: views.length, json_validity_rate: 1, field_completeness_rate: 1 });
    expect(legacy.body.metrics.count_accuracy).toBeCloseTo(version.count_accuracy.pass / views.length, 3);
    expect(legacy.body.targets.baseline.count_accuracy).toBe(0.8);
  }, 120_000);

  it('evaluates the Sigma generator against the expected rules by atoms and telemetry classes', async () => {
    const articles = evalSet.bySubagent.sigma;
    expect(articles.length).toBeGreaterThanOrEqual(5);
    for (const article of articles) expect(article.expected.required.every((atom) => /^[a-z_]+::/.test(atom))).toBe(true);
    const launched = await request(harness.app).post('/api/evaluations/run-subagent-eval').send({ subagent_name: 'sigma' }).expect(202);
    expect(launched.body).toMatchObject({ subagent: 'sigma', agent: 'SigmaAgent', total: articles.length });
    const views = await settled(
      harness,
      launched.body.records.map((r: { id: number }) => r.id),
    );
    for (const view of views) {
      const article = must(articles.find((a) => a.url === view.article_url));
      expect(view).toMatchObject({ status: 'completed', expected_count: article.expectedCount });
      expect(must(view.matched_count) + must(view.missed_count)).toBe(article.expected.required.length);
      expect(must(view.telemetry_classes).expected.length).toBeGreaterThan(0);
      expect(view.undecomposable).toBe(0);
    }
    // The builtin generator writes process-creation rules for these articles: that class is always found.
    expect(views.every((view) => must(view.telemetry_classes).generated.includes('process_creation'))).toBe(true);
    expect(views.reduce((sum, v) => sum + must(v.matched_count), 0)).toBeGreaterThan(0);
    expect(await harness.ctx.db.prisma.sigmaQueueItem.count()).toBe(0);
    const aggregate = await request(harness.app).get('/api/evaluations/subagent-eval-aggregate?subagent=sigma').expect(200);
    expect(aggregate.body.versions[0]).toMatchObject({ scored_articles: articles.length });
    // The observable-count view leaves the Sigma generator's records out.
    const legacy = await request(harness.app).get('/api/eval/observables-count-results?subagent=sigma').expect(200);
    expect(legacy.body.metrics.total_articles).toBe(0);
  }, 120_000);

  it('reads one record, and answers 404 for an unknown one', async () => {
    const missing = await request(harness.app).get('/api/evaluations/subagent-eval-status/999999').expect(404);
    expect(missing.body.error.code).toBe('eval_record_not_found');
    await request(harness.app).get('/api/evaluations/subagent-eval-status/abc').expect(400);
  });

  it('rescores count-only records from retained output: a dry run by default, idempotent when applied', async () => {
    const prisma = harness.ctx.db.prisma;
    const [scorable, noOutput] = await prisma.evaluationRecord.findMany({
      where: { subagent: 'cmdline', status: 'completed' },
      orderBy: { id: 'asc' },
      take: 2,
    });
    await prisma.evaluationRecord.update({
      where: { id: must(scorable).id },
      data: { score: null, matchedCount: null, missedCount: null, extraCount: null },
    });
    await prisma.evaluationRecord.update({
      where: { id: must(noOutput).id },
      data: { score: null, matchedCount: null, output: undefined },
    });
    await prisma.$executeRawUnsafe(`UPDATE evaluation_records SET output = NULL WHERE id = ${must(noOutput).id}`);
    await prisma.workflowExecution.update({
      where: { id: must(must(noOutput).workflowExecutionId) },
      data: { extractionResult: undefined },
    });
    await prisma.$executeRawUnsafe(
      `UPDATE workflow_executions SET extraction_result = NULL WHERE id = ${must(noOutput).workflowExecutionId}`,
    );

    const dry = await request(harness.app).post('/api/evaluations/subagent-eval-rescore?subagent=cmdline').expect(200);
    expect(dry.body).toEqual({ apply: false, agents: { cmdline: { candidates: 2, scorable: 1, unrepairable_no_output: 1, rescored: 0 } } });
    expect(must(await prisma.evaluationRecord.findUnique({ where: { id: must(scorable).id } })).score).toBeNull();

    const applied = await request(harness.app).post('/api/evaluations/subagent-eval-rescore?subagent=all&apply=true').expect(200);
    expect(applied.body.agents.cmdline).toEqual({ candidates: 2, scorable: 1, unrepairable_no_output: 1, rescored: 1 });
    expect(Object.keys(applied.body.agents).sort()).toEqual([...EVAL_SUBAGENTS].sort());
    const repaired = await prisma.evaluationRecord.findUnique({ where: { id: must(scorable).id } });
    expect(repaired).toMatchObject({
      score: must(scorable).score,
      matchedCount: must(scorable).matchedCount,
      extraCount: must(scorable).extraCount,
    });
    const again = await request(harness.app).post('/api/evaluations/subagent-eval-rescore?apply=true').expect(200);
    expect(again.body.agents.cmdline).toEqual({ candidates: 1, scorable: 0, unrepairable_no_output: 1, rescored: 0 });
    await request(harness.app).post('/api/evaluations/subagent-eval-rescore?subagent=bogus').expect(400);
  });

  it('backfills open records from their executions and clears the ones still open', async () => {
    const prisma = harness.ctx.db.prisma;
    const done = await prisma.evaluationRecord.findFirst({
      where: { subagent: 'cmdline', status: 'completed', score: { not: null } },
      orderBy: { id: 'desc' },
    });
    await prisma.evaluationRecord.update({ where: { id: must(done).id }, data: { status: 'pending', score: null, completedAt: null } });
    const articleId = must(await prisma.article.findFirst({ orderBy: { id: 'asc' } })).id;
    const failedRun = await createExecution(prisma, articleId, {
      isEvalRun: true,
      triggeredBy: 'eval',
      status: 'failed',
      error: 'model timed out',
    });
    const waiting = await createExecution(prisma, articleId, { isEvalRun: true, triggeredBy: 'eval', status: 'pending' });
    const failing = await prisma.evaluationRecord.create({
      data: { subagent: 'cmdline', articleId, workflowExecutionId: failedRun.id, status: 'running', expectedCount: 1 },
    });
    const open = await prisma.evaluationRecord.create({
      data: { subagent: 'network_indicators', articleId, workflowExecutionId: waiting.id, status: 'pending', expectedCount: 1 },
    });

    const backfill = await request(harness.app).post('/api/evaluations/subagent-eval-backfill').expect(200);
    expect(backfill.body).toEqual({ examined: 3, scored: 1, failed: 1, still_pending: 1, record_ids: [must(done).id, failing.id] });
    expect(await prisma.evaluationRecord.findUnique({ where: { id: must(done).id } })).toMatchObject({
      status: 'completed',
      score: must(done).score,
    });
    expect(await prisma.evaluationRecord.findUnique({ where: { id: failing.id } })).toMatchObject({
      status: 'failed',
      error: 'model timed out',
    });

    const cleared = await request(harness.app)
      .delete('/api/evaluations/subagent-eval-clear-pending?subagent=network_indicators')
      .expect(200);
    expect(cleared.body).toEqual({ cleared: 1, record_ids: [open.id] });
    expect(await prisma.evaluationRecord.findUnique({ where: { id: open.id } })).toBeNull();
    expect(await prisma.workflowExecution.findUnique({ where: { id: waiting.id } })).toMatchObject({ status: 'cancelled' });
    expect((await request(harness.app).delete('/api/evaluations/subagent-eval-clear-pending').expect(200)).body.cleared).toBe(0);
  });

  it('lists config versions with their models and compares two versions of a subagent', async () => {
    await request(harness.app)
      .put('/api/workflow/config')
      .send({ thresholds: { RankingThreshold: 5 } })
      .expect(200);
    const second = await request(harness.app)
      .post('/api/evaluations/run-subagent-eval')
      .send({ subagent_name: 'cmdline', article_urls: [must(evalSet.bySubagent.cmdline[0]).url] })
      .expect(202);
    await settled(harness, [second.body.records[0].id]);
    const versions = await request(harness.app).get('/api/evaluations/config-versions-models').expect(200);
    expect(versions.body.versions[0]).toMatchObject({
      config_version: second.body.config_version,
      is_active: true,
      agents: { CmdlineExtract: { provider: 'builtin', model: null } },
    });
    const first = versions.body.versions[1].config_version;

    const compare = await request(harness.app)
      .get(`/api/evaluations/subagent-eval-compare?subagent=cmdline&version_a=${first}&version_b=${second.body.config_version}`)
      .expect(200);
    expect(compare.body.version_a.scored_articles).toBe(evalSet.bySubagent.cmdline.length);
    expect(compare.body.version_b.scored_articles).toBe(1);
    const both = compare.body.articles.filter((a: { a: unknown; b: unknown }) => a.a && a.b);
    expect(both).toHaveLength(1);
    expect(both[0].a.score).toBe(both[0].b.score); // same builtin extractor, same article
    expect(compare.body.prompt.changed).toBe(false);
    const missing = await request(harness.app)
      .get(`/api/evaluations/subagent-eval-compare?subagent=cmdline&version_a=${first}&version_b=9999`)
      .expect(404);
    expect(missing.body.error.code).toBe('config_version_not_found');
  }, 60_000);

  it('reports the legacy OS-detection results against the labelled platforms', async () => {
    const res = await request(harness.app).get('/api/eval/os-detection-manual-results').expect(200);
    expect(res.body.total).toBe(evalSet.fixtures.filter((f) => f.platform).length);
    // Evaluation executions skip OS detection, so none of them counts as a detection.
    expect(res.body.detected).toBe(0);
    expect(res.body.accuracy).toBeNull();
  });
});

describe('subagent evaluation through the OpenAI SDK against a local fake server', () => {
  let harness: WorkflowHarness;
  let fake: FakeProviderServer;
  const article = must(evalSet.bySubagent.windows_services[0]);

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY, models: [MODEL] });
    fake.respondWith(() => ({
      text: JSON.stringify({ items: [{ value: article.expected.required[0] }, { value: 'NotInTheArticleSvc' }], count: 2 }),
      usage: { input: 900, output: 40 },
    }));
    harness = await startWorkflow({
      settingsEnv: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseUrl },
      serviceEnv: { EVAL_STAGGER_SECONDS: '0' },
    });
    await seedEvalArticles(harness);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  it('scores the model output and records the model, without activating another config', async () => {
    await request(harness.app)
      .put('/api/workflow/config')
      .send({ agents: { ServicesExtract: { provider: 'openai', model: MODEL } } })
      .expect(200);
    const launched = await request(harness.app)
      .post('/api/evaluations/run-subagent-eval')
      .send({ subagent_name: 'ServicesExtract', article_urls: [article.url] })
      .expect(202);
    expect(launched.body).toMatchObject({ provider: 'openai', model: MODEL });
    const [view] = await settled(harness, [launched.body.records[0].id]);
    expect(view).toMatchObject({ status: 'completed', provider: 'openai', model: MODEL, expected_count: article.expected.required.length });
    expect(must(view).matched_items).toEqual([article.expected.required[0]]);
    expect(fake.requests.length).toBeGreaterThan(0);
    const models = await request(harness.app).get('/api/evaluations/subagent-eval-models?subagent=windows_services').expect(200);
    expect(models.body.models).toEqual([{ model: MODEL, provider: 'openai', records: 1 }]);
  }, 60_000);
});
