import request from 'supertest';
import { REQUEST_KEYS } from '@huntforge/contracts';
import { chunkDebugProgress } from '../chunk-debug/progress/chunk-debug-progress';
import { startContentFilter, type ContentFilterHarness } from '../test-support/content-filter-harness';
import { LINUX_INTRUSION, longArticle, MARKETING, WINDOWS_INTRUSION } from '../test-support/sample-articles';

describe('article routes: chunk-debug, progress and detect-os', () => {
  let h: ContentFilterHarness;
  beforeAll(async () => {
    h = await startContentFilter({ env: { CHUNK_DEBUG_MAX_CHUNKS: '4' } });
  }, 120_000);
  afterAll(() => h.close());

  it('explains every analysed chunk and flags the chunk limit', async () => {
    const id = await h.createArticle(longArticle());
    const res = await request(h.app).get(`/api/articles/${id}/chunk-debug`).expect(200);
    expect(res.body).toMatchObject({ article_id: id, model_version: 1, threshold: 0.8, total_chunks: 4, chunk_limit_applied: true });
    expect(res.body.article_total_chunks).toBeGreaterThan(4);
    expect(res.body.chunks).toHaveLength(4);
    expect(res.body.kept_count + res.body.removed_count).toBe(4);
    for (const chunk of res.body.chunks) {
      expect(chunk.reason).toMatch(/^(kept|removed): /);
      expect(chunk.text.length).toBeGreaterThan(100);
      expect(chunk.top_features.length).toBeGreaterThan(0);
    }
    await request(h.app).get(`/api/articles/${id}/chunk-debug/progress`).expect(200, { in_progress: false });
  });

  it('reports the phases through the database: filtering, analyzing with a counter, finalizing', async () => {
    const id = await h.createArticle(longArticle(12));
    const seen: unknown[] = [];
    const progress = h.ports.progress;
    const record = async () => {
      seen.push(await chunkDebugProgress(h.ports, { articleId: id }));
    };
    const spy = {
      start: jest.spyOn(progress, 'start').mockImplementation(async (articleId) => {
        await (Object.getPrototypeOf(progress) as typeof progress).start.call(progress, articleId);
        await record();
      }),
      enter: jest.spyOn(progress, 'enter').mockImplementation(async (articleId, phase, totals) => {
        await (Object.getPrototypeOf(progress) as typeof progress).enter.call(progress, articleId, phase, totals);
        await record();
      }),
      advance: jest.spyOn(progress, 'advance').mockImplementation(async (articleId, processed) => {
        await (Object.getPrototypeOf(progress) as typeof progress).advance.call(progress, articleId, processed);
        await record();
      }),
    };
    try {
      await request(h.app).get(`/api/articles/${id}/chunk-debug?threshold=0.5`).expect(200);
    } finally {
      spy.start.mockRestore();
      spy.enter.mockRestore();
      spy.advance.mockRestore();
    }
    expect(seen).toEqual([
      { in_progress: true, phase: 'filtering' },
      {
        in_progress: true,
        phase: 'analyzing',
        processed_chunks: 0,
        total_chunks: 4,
        article_total_chunks: expect.any(Number),
        chunk_limit_applied: true,
      },
      {
        in_progress: true,
        phase: 'analyzing',
        processed_chunks: 4,
        total_chunks: 4,
        article_total_chunks: expect.any(Number),
        chunk_limit_applied: true,
      },
      { in_progress: true, phase: 'finalizing', total_chunks: 4, article_total_chunks: expect.any(Number), chunk_limit_applied: true },
    ]);
    const row = await h.ctx.db.prisma.chunkDebugProgress.findUnique({ where: { articleId: id } });
    expect(row).toMatchObject({ inProgress: false, processedChunks: 4, error: null });
  });

  it('answers 404 for an unknown article and 400 for a bad threshold', async () => {
    const missing = await request(h.app).get('/api/articles/987654/chunk-debug').expect(404);
    expect(missing.body.error.code).toBe('article_not_found');
    const bad = await request(h.app).get('/api/articles/1/chunk-debug?threshold=1.5').expect(400);
    expect(bad.body.error.code).toBe('validation_error');
    await request(h.app).get('/api/articles/abc/chunk-debug/progress').expect(400);
  });

  it('detects the OS over the kept chunks with the platform registry', async () => {
    const windows = await h.createArticle(`${WINDOWS_INTRUSION}\n\n${MARKETING}`);
    const res = await request(h.app).post(`/api/articles/${windows}/detect-os`).send({}).expect(200);
    expect(res.body).toMatchObject({ article_id: windows, os: 'windows', method: 'content_filter+platform_registry', model_version: 1 });
    expect(['high', 'medium']).toContain(res.body.confidence);
    expect(res.body.kept_chunks).toBeGreaterThan(0);
    expect(res.body.kept_chunks).toBeLessThan(res.body.total_chunks);
    expect(res.body.evidence.map((e: { term: string }) => e.term)).toEqual(expect.arrayContaining(['powershell']));

    const linux = await h.createArticle(LINUX_INTRUSION);
    const reply = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterDetectOs, { article_id: linux })) as { os: string };
    expect(reply.os).toBe('linux');
    // The caller's copy of the article is what gets judged when it sends one.
    const fromCopy = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterDetectOs, {
      article_id: linux,
      text: `${WINDOWS_INTRUSION}\n\n${MARKETING}`,
    })) as { os: string; article_id: number };
    expect(fromCopy).toMatchObject({ os: 'windows', article_id: linux });
  });

  it('answers 422 no_huntable_content when no chunk clears the threshold', async () => {
    const id = await h.createArticle(MARKETING);
    const res = await request(h.app).post(`/api/articles/${id}/detect-os`).send({ threshold: 0.9 }).expect(422);
    expect(res.body.error.code).toBe('no_huntable_content');
    const reply = (await h.ctx.bus.request(REQUEST_KEYS.contentFilterDetectOs, { article_id: id })) as { error: { code: string } };
    expect(reply.error.code).toBe('no_huntable_content');
    await request(h.app).post('/api/articles/424242/detect-os').send({}).expect(404);
    const bad = await request(h.app).post(`/api/articles/${id}/detect-os`).send({ threshold: 'high' }).expect(400);
    expect(bad.body.error.code).toBe('validation_error');
  });
});
