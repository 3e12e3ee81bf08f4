import { readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { startContentFilter, type ContentFilterHarness } from '../test-support/content-filter-harness';
import { MARKETING } from '../test-support/sample-articles';

/** Swaps the eval set's folders, so a good model scores recall ~0 on it: the gate must reject. */
function invertEvalLabels(dir: string): void {
  const evalDir = join(dir, 'eval');
  renameSync(join(evalDir, 'huntable'), join(evalDir, 'tmp'));
  renameSync(join(evalDir, 'not-huntable'), join(evalDir, 'huntable'));
  renameSync(join(evalDir, 'tmp'), join(evalDir, 'not-huntable'));
}

describe('retrain quality gate', () => {
  describe('gate fails', () => {
    let h: ContentFilterHarness;
    beforeAll(async () => {
      // First start promotes the seed model whatever the eval set says (there is no live model to protect).
      h = await startContentFilter({ fixtures: invertEvalLabels });
    }, 120_000);
    afterAll(() => h.close());

    it('rejects the model: status error "RETRAIN REJECTED", staging discarded, live model and data untouched', async () => {
      expect(await h.ports.versions.count()).toBe(1);
      const articleId = await h.createArticle(MARKETING);
      await h.ctx.db.prisma.chunkClassificationFeedback.create({
        data: {
          articleId,
          chunkId: 0,
          chunkText: MARKETING.slice(0, 400),
          modelClassification: 'Not Huntable',
          modelConfidence: 0.9,
          isCorrect: true,
        },
      });
      const liveBefore = readFileSync(h.files.livePath);

      const res = await request(h.app).post('/api/model/retrain?wait=true').expect(200);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/^RETRAIN REJECTED: recall_huntable 0\.\d{4} \(needs >= 0\.30\)/);
      expect(res.body.new_version).toBeNull();
      expect(res.body.eval_metrics.recall_huntable).toBeLessThan(0.3);

      const status = await request(h.app).get('/api/model/retrain-status').expect(200);
      expect(status.body.status).toBe('error');
      expect(status.body.message).toMatch(/^RETRAIN REJECTED/);
      expect(await h.ports.store.hasStaging()).toBe(false);
      expect(readFileSync(h.files.livePath).equals(liveBefore)).toBe(true);
      expect(await h.ctx.db.prisma.modelArtifact.findMany({ select: { kind: true, version: true }, orderBy: { kind: 'asc' } })).toEqual([
        { kind: 'live', version: 1 },
        { kind: 'versioned', version: 1 },
      ]);
      expect(await h.ports.versions.count()).toBe(1);
      expect((await h.ports.versions.findCurrent())?.version).toBe(1);
      expect(await h.ctx.db.prisma.chunkClassificationFeedback.count({ where: { usedForTraining: false } })).toBe(1);
      // A rejected run does not block the next one.
      const again = await request(h.app).post('/api/model/retrain').expect(202);
      expect(again.body.run_id).toBe(status.body.run_id + 1);
      await h.ports.background.drain();
      // Two retrains (each trains and scores a model): on a loaded 2-core machine they outlast the 30 s default.
    }, 120_000);
  });

  describe('eval set missing', () => {
    let h: ContentFilterHarness;
    beforeAll(async () => {
      h = await startContentFilter({ fixtures: (dir) => rmSync(join(dir, 'eval'), { recursive: true }) });
    }, 120_000);
    afterAll(() => h.close());

    it('skips the gate and records training-split metrics, flagged as such', async () => {
      const res = await request(h.app).post('/api/model/retrain?wait=true').expect(200);
      expect(res.body).toMatchObject({ success: true, new_version: 2, metrics_source: 'training_split' });
      expect(res.body.message).toContain('gate skipped');
      const versions = await request(h.app).get('/api/model/versions').expect(200);
      expect(versions.body.versions[0]).toMatchObject({
        version: 2,
        metrics_source: 'training_split',
        eval_set_size: null,
        evaluated_at: null,
      });
      expect(versions.body.versions[0].metrics.samples).toBeGreaterThan(50);
      const count = await request(h.app).get('/api/model/eval-chunk-count').expect(200);
      expect(count.body).toMatchObject({ count: 0, available: false });
      const evaluate = await request(h.app).post('/api/model/evaluate').expect(422);
      expect(evaluate.body.error.code).toBe('eval_set_missing');
    }, 120_000);
  });
});
