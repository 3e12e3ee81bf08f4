import { existsSync, readFileSync, rmSync } from 'node:fs';
import request from 'supertest';
import { startContentFilter, type ContentFilterHarness } from './test-support/content-filter-harness';
import { longArticle, MARKETING, WINDOWS_INTRUSION } from './test-support/sample-articles';

const feedbackBody = (articleId: number, overrides: Record<string, unknown> = {}) => ({
  article_id: articleId,
  chunk_id: 0,
  chunk_text: 'Our award-winning platform helps your team stay ahead of threats. Request a personalized demo.',
  model_classification: 'Huntable',
  model_confidence: 0.71,
  is_correct: false,
  user_classification: 'Not Huntable',
  comment: 'vendor marketing',
  ...overrides,
});

describe('feedback, retrain, versions and rollback', () => {
  let h: ContentFilterHarness;
  const versionRow = async (version: number) => {
    const row = await h.ports.versions.findByVersion(version);
    if (!row?.secondaryModelFilePath) throw new Error(`version ${version} missing`);
    return { ...row, secondaryModelFilePath: row.secondaryModelFilePath };
  };
  const storedBytes = async (kind: 'live' | 'versioned', version: number) => {
    const row = await h.ctx.db.prisma.modelArtifact.findUnique({ where: { kind_version: { kind, version } } });
    if (!row) throw new Error(`no ${kind} artifact for version ${version}`);
    return Buffer.from(row.bytes);
  };
  let articleId: number;
  beforeAll(async () => {
    h = await startContentFilter();
    articleId = await h.createArticle(`${WINDOWS_INTRUSION}\n\n${MARKETING}`);
  }, 120_000);
  afterAll(() => h.close());

  describe('chunk classification feedback', () => {
    it('stores feedback and returns the newest per chunk, keyed by chunk id', async () => {
      const first = await request(h.app).post('/api/feedback/chunk-classification').send(feedbackBody(articleId)).expect(201);
      expect(first.body.feedback).toMatchObject({ article_id: articleId, chunk_id: 0, is_correct: false, used_for_training: false });
      expect(first.body.feedback.created_at).not.toMatch(/Z$/);
      await request(h.app)
        .post('/api/feedback/chunk-classification')
        .send(feedbackBody(articleId, { comment: 'second opinion', model_confidence: 0.66 }))
        .expect(201);
      await request(h.app)
        .post('/api/feedback/chunk-classification')
        .send(
          feedbackBody(articleId, {
            chunk_id: 1,
            chunk_text: 'rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 624 C:\\Windows\\Temp\\d.bin full',
            model_classification: 'Huntable',
            is_correct: true,
            user_classification: null,
            comment: null,
          }),
        )
        .expect(201);
      const all = await request(h.app).get(`/api/feedback/chunk-classification/${articleId}`).expect(200);
      expect(Object.keys(all.body.feedback).sort()).toEqual(['0', '1']);
      expect(all.body.feedback['0'].comment).toBe('second opinion');
      const one = await request(h.app).get(`/api/feedback/chunk-classification/${articleId}/1`).expect(200);
      expect(one.body.feedback).toMatchObject({ chunk_id: 1, is_correct: true, user_classification: null });
      await request(h.app).get(`/api/feedback/chunk-classification/${articleId}/7`).expect(200, { feedback: null });
    });

    it('rejects classifications other than Huntable / Not Huntable (and longer than 20 characters) with 400', async () => {
      for (const bad of [
        { model_classification: 'Maybe' },
        { user_classification: 'Definitely Not Huntable!' },
        { model_confidence: 1.5 },
        { is_correct: 'yes' },
      ]) {
        const res = await request(h.app).post('/api/feedback/chunk-classification').send(feedbackBody(articleId, bad)).expect(400);
        expect(res.body.error.code).toBe('validation_error');
      }
      const missing = await request(h.app).post('/api/feedback/chunk-classification').send({ article_id: articleId }).expect(400);
      expect(missing.body.error.details.map((d: { path: string }) => d.path)).toEqual(
        expect.arrayContaining(['body.chunk_id', 'body.chunk_text', 'body.is_correct']),
      );
    });

    it('answers 404 for an unknown article', async () => {
      const res = await request(h.app).post('/api/feedback/chunk-classification').send(feedbackBody(777_777)).expect(404);
      expect(res.body.error.code).toBe('article_not_found');
      await request(h.app).get('/api/feedback/chunk-classification/777777').expect(404);
    });

    it('counts feedback and huntability annotations waiting for training', async () => {
      await h.ctx.db.prisma.articleAnnotation.create({
        data: {
          articleId,
          annotationType: 'huntable',
          selectedText: WINDOWS_INTRUSION.slice(0, 1000),
          startPosition: 0,
          endPosition: 1000,
        },
      });
      const res = await request(h.app).get('/api/model/feedback-count').expect(200);
      expect(res.body).toMatchObject({ success: true, count: 4, feedback_count: 3, annotation_count: 1 });
    });
  });

  describe('retrain', () => {
    it('refuses a second retrain while one runs (409), then reports complete with the new version', async () => {
      const started = await request(h.app).post('/api/model/retrain').expect(202);
      expect(started.body).toMatchObject({ success: true, status_url: '/api/model/retrain-status' });
      const busy = await request(h.app).post('/api/model/retrain').expect(409);
      expect(busy.body.error.code).toBe('retrain_in_progress');
      await h.ports.background.drain();
      const status = await request(h.app).get('/api/model/retrain-status').expect(200);
      expect(status.body).toMatchObject({ status: 'complete', progress: 1, new_version: 2, run_id: started.body.run_id });
      expect(status.body.result).toMatchObject({ success: true, new_version: 2, feedback_samples: 2, annotation_samples: 1 });
    });

    it('with ?wait=true answers the spec fields and marks feedback and annotations used only after promotion', async () => {
      const res = await request(h.app).post('/api/model/retrain?wait=true').expect(200);
      expect(res.body).toMatchObject({
        success: true,
        new_version: 3,
        feedback_samples: 2,
        annotation_samples: 1,
        metrics_source: 'holdout',
      });
      expect(res.body.training_samples).toBe(res.body.feedback_samples + res.body.annotation_samples + 407);
      expect(res.body.training_accuracy).toBeGreaterThan(0.9);
      expect(res.body.training_duration).toMatch(/^\d+\.\d{2}s$/);
      expect(await h.ctx.db.prisma.chunkClassificationFeedback.count({ where: { usedForTraining: false } })).toBe(0);
      expect(await h.ctx.db.prisma.articleAnnotation.count({ where: { usedForTraining: false } })).toBe(0);
      await request(h.app)
        .get('/api/model/feedback-count')
        .expect(200)
        .then((r) => expect(r.body.count).toBe(0));
    });
  });

  describe('versions', () => {
    it('lists versions newest first, paginated on request, and finds one exactly', async () => {
      const all = await request(h.app).get('/api/model/versions').expect(200);
      expect(all.body.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
      expect(all.body).toMatchObject({ total: 3, page: null, total_pages: null, limit: 10 });
      const page = await request(h.app).get('/api/model/versions?page=2&limit=2').expect(200);
      expect(page.body).toMatchObject({ total: 3, page: 2, total_pages: 2, limit: 2 });
      expect(page.body.versions.map((v: { version: number }) => v.version)).toEqual([1]);
      const exact = await request(h.app).get('/api/model/versions?version=2').expect(200);
      expect(exact.body.versions).toHaveLength(1);
      await request(h.app).get('/api/model/versions?limit=101').expect(400);
    });

    it('evaluates the current model on the curated eval set and counts it', async () => {
      const count = await request(h.app).get('/api/model/eval-chunk-count').expect(200);
      expect(count.body.count).toBeGreaterThanOrEqual(150);
      expect(count.body.huntable + count.body.not_huntable).toBe(count.body.count);
      const res = await request(h.app).post('/api/model/evaluate').expect(200);
      expect(res.body).toMatchObject({ success: true, model_version: 3, eval_set_size: count.body.count });
      expect(res.body.metrics.recall_huntable).toBeGreaterThanOrEqual(0.3);
      const v3 = await h.ports.versions.findByVersion(3);
      expect(v3?.evaluatedAt).not.toBeNull();
    });

    it('compares a version with its predecessor, computing it once', async () => {
      const res = await request(h.app).get('/api/model/compare/2').expect(200);
      expect(res.body).toMatchObject({ version: 2, predecessor: 1 });
      expect(res.body.confusion_matrix.current).toEqual(res.body.metrics.current.confusion_matrix);
      expect(res.body.deltas.accuracy).toBeCloseTo(res.body.metrics.current.accuracy - res.body.metrics.previous.accuracy, 3);
      expect((await h.ports.versions.findByVersion(2))?.comparison).toEqual(res.body);
      await request(h.app).get('/api/model/compare/1').expect(422);
      await request(h.app).get('/api/model/compare/99').expect(404);
    });

    it('shows before/after confidence for chunks with feedback, and summary figures', async () => {
      const res = await request(h.app).get('/api/model/feedback-comparison').expect(200);
      expect(res.body.summary.total).toBe(2);
      const marketing = res.body.items.find((item: { chunk_id: number }) => item.chunk_id === 0);
      expect(marketing).toMatchObject({
        expected_label: 'Not Huntable',
        before: { label: 'Huntable', confidence: 0.66 },
        after: { model_version: 3 },
      });
      const summary = await request(h.app).get('/api/ml-model-performance/summary').expect(200);
      expect(summary.body.summary).toMatchObject({ current_version: 3, total_model_versions: 3 });
      expect(summary.body.summary.eval_set_size).toBeGreaterThanOrEqual(150);
    });
  });

  describe('rollback', () => {
    it('puts the version on the live path, moves is_current and re-scores stored analyses in the background', async () => {
      await request(h.app)
        .post('/api/articles/' + articleId + '/detect-os')
        .send({})
        .expect(200);
      await h.ctx.bus.request('content-filter.classify', { article_id: articleId });
      const res = await request(h.app).post('/api/model/rollback/1').expect(200);
      expect(res.body).toMatchObject({ success: true, version: 1, artifact: 'primary', rescoring_started: true });
      const v1 = await versionRow(1);
      expect(v1.isCurrent).toBe(true);
      expect(await h.ctx.db.prisma.modelVersion.count({ where: { isCurrent: true } })).toBe(1);
      const v1Bytes = await storedBytes('versioned', 1);
      expect(await storedBytes('live', 1)).toEqual(v1Bytes);
      expect(readFileSync(h.files.livePath).equals(v1Bytes)).toBe(true);
      expect(readFileSync(v1.secondaryModelFilePath).equals(v1Bytes)).toBe(true);
      await h.ports.background.drain();
      expect(await h.ctx.db.prisma.chunkAnalysis.count({ where: { articleId, modelVersion: 1 } })).toBeGreaterThan(0);
      const timeline = await request(h.app).get('/api/model/classification-timeline').expect(200);
      expect(timeline.body.timeline.map((t: { version: number }) => t.version)).toEqual([1, 2, 3]);
      expect(timeline.body.timeline[0]).toMatchObject({ is_current: true });
      expect(timeline.body.timeline[0].total).toBeGreaterThan(0);
      const classified = (await h.ctx.bus.request('content-filter.classify', { text: WINDOWS_INTRUSION })) as { model_version: number };
      expect(classified.model_version).toBe(1);
    });

    it("falls back to the secondary copy (this replica's disk) when the primary (the database row) is gone", async () => {
      const v2 = await versionRow(2);
      await h.ctx.db.prisma.modelArtifact.delete({ where: { kind_version: { kind: 'versioned', version: 2 } } });
      const res = await request(h.app).post('/api/model/rollback/2').expect(200);
      expect(res.body.artifact).toBe('secondary');
      const secondary = readFileSync(v2.secondaryModelFilePath);
      expect(readFileSync(h.files.livePath).equals(secondary)).toBe(true);
      expect(await storedBytes('live', 2)).toEqual(secondary);
      const classified = (await h.ctx.bus.request('content-filter.classify', { text: WINDOWS_INTRUSION })) as { model_version: number };
      expect(classified.model_version).toBe(2);
    });

    it('answers 422 artifact_missing when neither copy exists and 404 for an unknown version', async () => {
      const v3 = await versionRow(3);
      await h.ctx.db.prisma.modelArtifact.delete({ where: { kind_version: { kind: 'versioned', version: 3 } } });
      rmSync(v3.secondaryModelFilePath);
      const missing = await request(h.app).post('/api/model/rollback/3').expect(422);
      expect(missing.body.error.code).toBe('artifact_missing');
      expect((await h.ports.versions.findCurrent())?.version).toBe(2);
      const unknown = await request(h.app).post('/api/model/rollback/42').expect(404);
      expect(unknown.body.error.code).toBe('model_version_not_found');
      await request(h.app).post('/api/model/rollback/zero').expect(400);
      expect(existsSync(h.files.livePath)).toBe(true);
    });

    it('rolls back again and again while the previous re-scorings still run: no re-scoring uses a released model', async () => {
      // Articles of over a thousand chunks: the model scores them in several calls, so each rollback's
      // background re-scoring is between two calls on its model when the next rollback retires that model.
      for (let i = 0; i < 2; i++) {
        const id = await h.createArticle(`${longArticle(2_200)}\n\nArticle ${i}.`);
        await h.ctx.bus.request('content-filter.classify', { article_id: id, top_features: 0 }, { timeoutMs: 60_000 });
      }
      const logsBefore = h.ctx.logs.lines().length;
      for (const version of [1, 2, 1, 2]) await request(h.app).post(`/api/model/rollback/${version}`).expect(200);
      await h.ports.background.drain();

      const logged = h.ctx.logs.lines().slice(logsBefore);
      expect(logged.filter((line) => line['msg'] === 'content-filter: background task failed')).toEqual([]);
      expect(logged.filter((line) => JSON.stringify(line).includes('disposed'))).toEqual([]);
      expect(logged.filter((line) => line['msg'] === 'content-filter: re-scored stored chunk analyses')).toHaveLength(4);
      const classified = (await h.ctx.bus.request('content-filter.classify', { text: WINDOWS_INTRUSION })) as { model_version: number };
      expect(classified.model_version).toBe(2);
    }, 120_000);
  });
});
