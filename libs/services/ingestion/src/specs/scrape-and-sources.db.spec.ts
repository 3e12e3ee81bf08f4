import { startFixtureServer, type FixtureServer } from '@huntforge/testing';
import { fixturePage, syntheticArticleHtml } from '../test-support/feeds';
import { createIngestionModule } from '../module';
import { startIngestion, writeSourcesFile, type IngestionHarness } from '../test-support/ingestion-harness';

const html = (body: string) => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body });

describe('manual scrape and sources', () => {
  let server: FixtureServer;
  let h: IngestionHarness;

  beforeAll(async () => {
    server = await startFixtureServer({
      routes: {
        '/writeup': html(fixturePage('intrusion-writeup.html')),
        '/moved': { redirect: '/writeup', status: 301 },
        '/empty': html(fixturePage('no-text.html')),
        '/report.pdf': { headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF-1.7\n...') },
        '/broken': { status: 503, body: 'down' },
        '/to-metadata': { redirect: 'http://169.254.169.254/latest/meta-data/iam/' },
        '/latin1': {
          headers: { 'content-type': 'text/html; charset=ISO-8859-1' },
          body: Buffer.from(
            `<html><body><article><p>Caf\xe9 ${'r'.repeat(10)}</p>${syntheticArticleHtml(3)}</article></body></html>`,
            'latin1',
          ),
        },
        '/feed.xml': {
          headers: { 'content-type': 'application/rss+xml' },
          body: '<rss version="2.0"><channel><title>t</title></channel></rss>',
          delayMs: 300,
        },
      },
    });
    h = await startIngestion({ sources: [{ identifier: 'slow-feed', url: server.url('/feed.xml'), kind: 'rss' }] });
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
  });

  describe('POST /api/scrape-url', () => {
    it('stores a page in the manual source and answers 201 with the article id', async () => {
      const response = await h.http
        .post('/api/scrape-url')
        .send({ url: server.url('/moved') })
        .expect(201);
      expect(response.body).toEqual(
        expect.objectContaining({
          duplicate: false,
          duplicate_reason: null,
          title: 'From phishing ISO to domain-wide ransomware in 52 hours',
        }),
      );
      expect(response.body.hunt_score).toBeGreaterThan(90);
      const detail = (await h.http.get(`/api/articles/${response.body.article_id}`).expect(200)).body;
      expect(detail.source).toBe('manual');
      expect(detail.published_at).toBe('2025-10-14T09:30:00.000Z');
      expect(detail.content).not.toContain('All rights reserved');
      expect(detail.content).toContain('reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v OneDriveSync');
    });

    it('answers duplicate for a known URL without fetching it again, and refreshes it with force_scrape', async () => {
      const first = (
        await h.http
          .post('/api/scrape-url')
          .send({ url: server.url('/latin1') })
          .expect(201)
      ).body;
      server.clearRequests();
      const again = (
        await h.http
          .post('/api/scrape-url')
          .send({ url: `${server.url('/latin1')}?utm_campaign=x#top` })
          .expect(200)
      ).body;
      expect(again).toEqual(expect.objectContaining({ article_id: first.article_id, duplicate: true, duplicate_reason: 'canonical_url' }));
      expect(server.requests).toHaveLength(0);
      const forced = (
        await h.http
          .post('/api/scrape-url')
          .send({ url: server.url('/latin1'), force_scrape: true, title: 'Renamed' })
          .expect(201)
      ).body;
      expect(forced).toEqual(expect.objectContaining({ article_id: first.article_id, duplicate: false, title: 'Renamed' }));
      const detail = (await h.http.get(`/api/articles/${first.article_id}`).expect(200)).body;
      expect(detail.title).toBe('Renamed');
      expect(detail.content).toContain('Café');
    });

    it('links a page refreshed with force_scrape to the stored article its new text nearly copies', async () => {
      const page = (extra: string) => html(`<html><body><article>${syntheticArticleHtml(41)}${extra}</article></body></html>`);
      server.routes({ '/original': page(''), '/mirror': html(`<html><body><article>${syntheticArticleHtml(42)}</article></body></html>`) });
      const original = (
        await h.http
          .post('/api/scrape-url')
          .send({ url: server.url('/original') })
          .expect(201)
      ).body;
      const mirror = (
        await h.http
          .post('/api/scrape-url')
          .send({ url: server.url('/mirror') })
          .expect(201)
      ).body;
      expect(mirror.duplicate_of).toBeNull();
      // The mirror now republishes the original with one more sentence: a near duplicate, not the same text.
      server.routes({ '/mirror': page('<p>Republished with permission.</p>') });
      const refreshed = (
        await h.http
          .post('/api/scrape-url')
          .send({ url: server.url('/mirror'), force_scrape: true })
          .expect(201)
      ).body;
      expect(refreshed).toEqual(
        expect.objectContaining({ article_id: mirror.article_id, duplicate: false, duplicate_of: original.article_id }),
      );
      const detail = (await h.http.get(`/api/articles/${original.article_id}`).expect(200)).body;
      expect(detail.near_duplicates).toEqual([mirror.article_id]);
    });

    it.each([
      ['not-a-url', 400, 'invalid_url'],
      ['http://', 400, 'invalid_url'],
      ['ftp://example.com/file', 400, 'url_not_allowed'],
      ['http://169.254.169.254/latest/meta-data/', 400, 'url_not_allowed'],
      ['http://[fe80::1]/', 400, 'url_not_allowed'],
    ])('refuses %s with %i %s', async (url, status, code) => {
      const response = await h.http.post('/api/scrape-url').send({ url }).expect(status);
      expect(response.body.error.code).toBe(code);
    });

    it('refuses a redirect to a metadata address', async () => {
      const response = await h.http
        .post('/api/scrape-url')
        .send({ url: server.url('/to-metadata') })
        .expect(400);
      expect(response.body.error.code).toBe('url_not_allowed');
    });

    it('answers 502 fetch_failed with the reason', async () => {
      const broken = await h.http
        .post('/api/scrape-url')
        .send({ url: server.url('/broken') })
        .expect(502);
      expect(broken.body.error).toEqual(
        expect.objectContaining({ code: 'fetch_failed', details: { reason: 'http_status', upstream_status: 503 } }),
      );
      const refused = await h.http.post('/api/scrape-url').send({ url: 'http://127.0.0.1:1/' }).expect(502);
      expect(refused.body.error.code).toBe('fetch_failed');
      expect(refused.body.error.details.reason).toBe('network');
    });

    it('answers 415 for content that is not HTML and 422 for a page without text', async () => {
      const pdf = await h.http
        .post('/api/scrape-url')
        .send({ url: server.url('/report.pdf') })
        .expect(415);
      expect(pdf.body.error).toEqual(
        expect.objectContaining({ code: 'unsupported_content', details: { content_type: 'application/pdf' } }),
      );
      const empty = await h.http
        .post('/api/scrape-url')
        .send({ url: server.url('/empty') })
        .expect(422);
      expect(empty.body.error.code).toBe('no_content');
    });

    it('validates the body', async () => {
      const response = await h.http.post('/api/scrape-url').send({ force_scrape: 'yes' }).expect(400);
      expect(response.body.error.code).toBe('validation_error');
    });
  });

  describe('sources', () => {
    it('seeds from the file without duplicating on a second sync', async () => {
      const before = (await h.http.get('/api/sources').expect(200)).body.total;
      const result = await h.module.syncSources();
      expect(result.created).toEqual([]);
      expect(result.existing.sort()).toEqual(['eval', 'manual', 'slow-feed']);
      expect((await h.http.get('/api/sources').expect(200)).body.total).toBe(before);
    });

    it('keeps runtime changes: the database is the truth, the file only adds', async () => {
      await h.http.put('/api/sources/slow-feed/image_ocr').send({ image_ocr_enabled: true }).expect(200);
      await h.module.syncSources();
      expect((await h.http.get('/api/sources/slow-feed').expect(200)).body.image_ocr_enabled).toBe(true);
    });

    it('sets, clears and inherits the OCR flag', async () => {
      const id = await h.sourceId('slow-feed');
      const off = (await h.http.put(`/api/sources/${id}/image_ocr`).send({ image_ocr_enabled: false }).expect(200)).body;
      expect(off).toEqual(expect.objectContaining({ image_ocr_enabled: false, image_ocr_effective: false }));
      const inherit = (await h.http.put(`/api/sources/${id}/image_ocr`).send({ image_ocr_enabled: null }).expect(200)).body;
      expect(inherit).toEqual(expect.objectContaining({ image_ocr_enabled: null, image_ocr_effective: false }));
      await h.ctx.db.prisma.setting.create({ data: { key: 'OCR_INGEST_ENABLED', value: 'true', isSecret: false } });
      expect((await h.http.get(`/api/sources/${id}`).expect(200)).body.image_ocr_effective).toBe(true);
      await h.ctx.db.prisma.setting.delete({ where: { key: 'OCR_INGEST_ENABLED' } });
    });

    it('refuses the OCR flag on protected sources and bad bodies', async () => {
      for (const identifier of ['eval', 'manual']) {
        const response = await h.http.put(`/api/sources/${identifier}/image_ocr`).send({ image_ocr_enabled: true }).expect(400);
        expect(response.body.error.code).toBe('protected_source');
      }
      const bad = await h.http.put('/api/sources/slow-feed/image_ocr').send({ image_ocr_enabled: 'yes' }).expect(400);
      expect(bad.body.error.code).toBe('validation_error');
      expect((await h.http.put('/api/sources/nope/image_ocr').send({ image_ocr_enabled: true }).expect(404)).body.error.code).toBe(
        'not_found',
      );
    });

    it('starts a collection, refuses a second one while it runs, and never collects protected sources', async () => {
      const first = await h.http.post('/api/sources/slow-feed/collect').expect(202);
      const second = await h.http.post('/api/sources/slow-feed/collect').expect(409);
      expect(second.body.error).toEqual(
        expect.objectContaining({ code: 'collection_in_progress', details: { run_id: first.body.run_id } }),
      );
      const protectedCollect = await h.http.post('/api/sources/manual/collect').expect(400);
      expect(protectedCollect.body.error.code).toBe('source_not_collectable');
      await h.module.collections.stop();
      const run = (await h.http.get(first.body.run_url).expect(200)).body;
      expect(run.status).not.toBe('running');
      expect((await h.http.get('/api/sources/404404/runs/1').expect(404)).body.error.code).toBe('not_found');
    });

    it('marks runs interrupted by a dead process as failed on start', async () => {
      const id = await h.sourceId('slow-feed');
      const orphan = await h.ctx.db.prisma.collectionRun.create({
        data: { sourceId: id, trigger: 'scheduled', startedAt: new Date(Date.now() - 2 * 3_600_000) },
      });
      // a second replica starting up (same database) cleans the orphan
      const replica = await createIngestionModule(h.ctx, { registerJobs: false, env: { SOURCES_FILE: writeSourcesFile([]) } });
      await replica.start();
      const run = (await h.http.get(`/api/sources/${id}/runs/${orphan.id}`).expect(200)).body;
      expect(run).toEqual(expect.objectContaining({ status: 'failed', error: expect.stringContaining('interrupted') }));
    });
  });
});
