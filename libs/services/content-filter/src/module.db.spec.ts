import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { REQUEST_KEYS } from '@huntforge/contracts';
import type { ClassifyArticleResult, ClassifyResponse, ClassifyResult } from '@huntforge/contracts/content-filter';
import { startContentFilter, type ContentFilterHarness } from './test-support/content-filter-harness';
import { MARKETING, WINDOWS_INTRUSION } from './test-support/sample-articles';

describe('content-filter module: first start and classification', () => {
  let h: ContentFilterHarness;
  beforeAll(async () => {
    h = await startContentFilter();
  }, 120_000);
  afterAll(() => h.close());

  it('trains version 1 from the seed on first start, with both artifact copies and holdout metrics', async () => {
    const res = await request(h.app).get('/api/model/versions').expect(200);
    expect(res.body.total).toBe(1);
    const [v1] = res.body.versions;
    expect(v1).toMatchObject({ version: 1, is_current: true, metrics_source: 'holdout', featurizer_version: 1 });
    expect(v1.eval_set_size).toBeGreaterThanOrEqual(150);
    expect(v1.training_samples).toBeGreaterThanOrEqual(400);
    expect(v1.metrics.recall_huntable).toBeGreaterThanOrEqual(0.3);
    // Primary copy in the database, shared by every replica; secondary copy on this replica's disk.
    expect(v1.model_file_path).toBe('database:model_artifacts/v1');
    const local = readFileSync(v1.secondary_model_file_path);
    const stored = await h.ctx.db.prisma.modelArtifact.findMany({ where: { version: 1 }, orderBy: { kind: 'asc' } });
    expect(stored.map((row) => row.kind)).toEqual(['live', 'versioned']);
    for (const row of stored) {
      expect(Buffer.from(row.bytes).equals(local)).toBe(true);
      expect(row.size).toBe(local.byteLength);
      expect(row.sha256).toBe(createHash('sha256').update(local).digest('hex'));
    }
    expect(readFileSync(h.files.livePath).equals(local)).toBe(true);
    expect(await h.ports.store.hasStaging()).toBe(false);
    const status = await request(h.app).get('/api/model/retrain-status').expect(200);
    expect(status.body).toMatchObject({ status: 'complete', new_version: 1, progress: 1 });
  });

  it('does not train again when a version exists (a second replica on the same database)', async () => {
    const replica = await startContentFilter({ ctx: h.ctx });
    try {
      expect(await h.ports.versions.count()).toBe(1);
      const res = await request(replica.app).get('/api/ml-model-performance/summary').expect(200);
      expect(res.body.summary).toMatchObject({ current_version: 1, total_model_versions: 1 });
      expect(res.body.summary.eval_set_size).toBeGreaterThanOrEqual(150);
    } finally {
      await replica.close();
    }
  });

  it('answers content-filter.classify for an article: per-chunk decisions, kept text, stored analyses', async () => {
    const articleId = await h.createArticle(`${WINDOWS_INTRUSION}\n\n${MARKETING}`);
    const reply = await h.ctx.bus.request<unknown, ClassifyResponse>(REQUEST_KEYS.contentFilterClassify, {
      article_id: articleId,
      threshold: 0.8,
    });
    const result = reply as ClassifyResult;
    expect(result.article_id).toBe(articleId);
    expect(result.model_version).toBe(1);
    expect(result.total_chunks).toBeGreaterThan(1);
    expect(result.has_huntable_content).toBe(true);
    const kept = result.chunks.filter((chunk) => chunk.kept);
    const removed = result.chunks.filter((chunk) => !chunk.kept);
    expect(kept.length).toBeGreaterThan(0);
    expect(removed.length).toBeGreaterThan(0);
    expect(removed.every((chunk) => chunk.reason.startsWith('removed:'))).toBe(true);
    expect(result.kept_chunks.map((c) => c.chunk_id)).toEqual(kept.map((c) => c.chunk_id));
    expect(result.kept_chunks.some((c) => c.text.includes('comsvcs.dll'))).toBe(true);
    // The last chunk is marketing only.
    expect(result.chunks[result.chunks.length - 1]).toMatchObject({ kept: false, label: 'Not Huntable' });
    expect(kept[0].top_features.length).toBe(5);
    const stored = await h.ctx.db.prisma.chunkAnalysis.count({ where: { articleId, modelVersion: 1 } });
    expect(stored).toBe(result.total_chunks);
  });

  it('classifies the text the caller sent for an article and stores those decisions, without reading the stored content', async () => {
    const articleId = await h.createArticle(MARKETING);
    const runCopy = `${WINDOWS_INTRUSION}\n\n${MARKETING}`;
    const result = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterClassify, {
      article_id: articleId,
      text: runCopy,
      threshold: 0.8,
    })) as ClassifyResult;
    expect(result.article_id).toBe(articleId);
    expect(result.kept_chunks.some((c) => c.text.includes('comsvcs.dll'))).toBe(true);
    const stored = await h.ctx.db.prisma.chunkAnalysis.findMany({ where: { articleId, modelVersion: 1 }, orderBy: { chunkId: 'asc' } });
    expect(stored.map((row) => [row.chunkStart, row.chunkEnd, row.kept])).toEqual(result.chunks.map((c) => [c.start, c.end, c.kept]));
    // A shorter text replaces the set: chunks it no longer has are gone.
    const shorter = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterClassify, {
      article_id: articleId,
      text: 'rundll32.exe comsvcs.dll MiniDump',
      threshold: 0.8,
    })) as ClassifyResult;
    expect(shorter.total_chunks).toBeLessThan(result.total_chunks);
    const replaced = await h.ctx.db.prisma.chunkAnalysis.findMany({ where: { articleId, modelVersion: 1 }, orderBy: { chunkId: 'asc' } });
    expect(replaced.map((row) => [row.chunkId, row.chunkEnd])).toEqual(shorter.chunks.map((c) => [c.chunk_id, c.end]));

    const before = await h.ctx.db.prisma.chunkAnalysis.count();
    await expect(h.ctx.bus.request(REQUEST_KEYS.contentFilterClassify, { article_id: 999_998, text: runCopy })).resolves.toEqual({
      ok: false,
      error: { code: 'article_not_found', message: 'Article 999998 does not exist' },
    });
    expect(await h.ctx.db.prisma.chunkAnalysis.count()).toBe(before);
  });

  it('answers content-filter.classify-article with the classification and the platform of one classification', async () => {
    const content = `${WINDOWS_INTRUSION}\n\n${MARKETING}`;
    const articleId = await h.createArticle(MARKETING);
    const reply = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterClassifyArticle, {
      article_id: articleId,
      text: content,
      threshold: 0.8,
    })) as ClassifyArticleResult;

    const classify = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterClassify, {
      text: content,
      threshold: 0.8,
      top_features: 0,
    })) as ClassifyResult;
    expect(reply.classification).toEqual({ ...classify, article_id: articleId });
    const detectOs = await h.ctx.bus.request(REQUEST_KEYS.contentFilterDetectOs, { article_id: articleId, text: content, threshold: 0.8 });
    expect(reply.platform).toEqual(detectOs);
    expect(reply.platform).toMatchObject({ os: 'windows', article_id: articleId, model_version: 1 });
    const stored = await h.ctx.db.prisma.chunkAnalysis.findMany({ where: { articleId, modelVersion: 1 }, orderBy: { chunkId: 'asc' } });
    expect(stored.map((row) => [row.chunkStart, row.chunkEnd, row.kept])).toEqual(
      reply.classification.chunks.map((c) => [c.start, c.end, c.kept]),
    );

    // Nothing huntable: the classification still answers, the platform is null (detect-os says no_huntable_content).
    const marketing = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterClassifyArticle, {
      article_id: articleId,
    })) as ClassifyArticleResult;
    expect(marketing.classification).toMatchObject({ article_id: articleId, kept_count: 0, has_huntable_content: false });
    expect(marketing.platform).toBeNull();
    await expect(h.ctx.bus.request(REQUEST_KEYS.contentFilterClassifyArticle, { article_id: 999_997 })).resolves.toEqual({
      ok: false,
      error: { code: 'article_not_found', message: 'Article 999997 does not exist' },
    });
    const invalid = await h.ctx.bus.request(REQUEST_KEYS.contentFilterClassifyArticle, { text: content });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'validation_error' } });
  });

  it('keeps a chunk with a perfect-tier keyword even at threshold 1, and nothing else', async () => {
    const reply = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterClassify, {
      text: `${WINDOWS_INTRUSION}\n\n${MARKETING}`,
      threshold: 1,
    })) as ClassifyResult;
    expect(reply.article_id).toBeNull();
    for (const chunk of reply.chunks) expect(chunk.kept).toBe(chunk.perfect_keywords.length > 0);
    expect(reply.chunks.some((chunk) => chunk.kept && chunk.reason.includes('perfect-tier keyword'))).toBe(true);
  });

  it('answers classify errors as the one bus refusal shape ({ok: false, error}): unknown article, invalid payload', async () => {
    await expect(h.ctx.bus.request(REQUEST_KEYS.contentFilterClassify, { article_id: 999_999 })).resolves.toEqual({
      ok: false,
      error: { code: 'article_not_found', message: 'Article 999999 does not exist' },
    });
    const invalid = await h.ctx.bus.request(REQUEST_KEYS.contentFilterClassify, { text: 'x', article_id: 1, threshold: 2 });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'validation_error' } });
  });

  it('reports health with the live model version', async () => {
    await expect(h.module.health?.()).resolves.toEqual({ status: 'up', detail: { model_version: 1 } });
  });
});
