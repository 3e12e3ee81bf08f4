import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFixtureServer, type FixtureServer } from '@huntforge/testing';
import { infraRequired, servedRoutes } from '@huntforge/test-kit';
import { createIngestionModule } from '../module';
import { scrapeUrl } from '../use-cases/scrape-url/scrape-url';
import { ingestArticle } from '../use-cases/ingest-article/ingest-article';
import { ALL_ROUTES } from '@huntforge/contracts/api';
import { startIngestion, type IngestionHarness } from '../test-support/ingestion-harness';

const TOPICS = {
  lsass:
    'The operators dumped LSASS process memory with procdump and the comsvcs MiniDump export to steal credentials from the domain controller.',
  tasks: 'Persistence relied on a scheduled task created with schtasks that launched a renamed binary at every logon of any user.',
  phishing: 'The campaign started with phishing emails carrying OneNote attachments that dropped an HTA launcher through mshta.',
};

/** A 1400×140 screenshot of the words `rundll32.exe comsvcs.dll MiniDump` (drawn once by us, committed). */
const SCREENSHOT = readFileSync(join(__dirname, 'fixtures', 'ocr-minidump.png'));

/** Tesseract comes from tools/ci/install-ocr.sh; without it the OCR test is skipped, except under REQUIRE_INFRA. */
const tesseractInstalled = spawnSync(process.env['TESSERACT_PATH'] ?? 'tesseract', ['--version']).status === 0;
const withTesseract = tesseractInstalled || infraRequired() ? it : it.skip;
if (!tesseractInstalled && !infraRequired()) {
  console.warn('search-and-ocr.spec: tesseract is not installed; the OCR test is skipped (bash tools/ci/install-ocr.sh installs it)');
}

describe('search, embeddings and OCR', () => {
  let server: FixtureServer;
  let h: IngestionHarness;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startFixtureServer();
    const page = (img: string) =>
      `<html><head><title>Screenshot post</title></head><body><article><h1>What the screenshot shows</h1><p>${TOPICS.phishing} ${TOPICS.tasks}</p><img src="${img}"></article></body></html>`;
    server.routes({
      '/shot.png': { headers: { 'content-type': 'image/png' }, body: SCREENSHOT },
      '/with-image': { headers: { 'content-type': 'text/html' }, body: page('/shot.png') },
      '/with-image-2': {
        headers: { 'content-type': 'text/html' },
        body: page('/shot.png').replace('Screenshot post', 'Second post').replace('every logon', 'each logon'),
      },
    });
    h = await startIngestion({
      env: { OCR_INGEST_ENABLED: 'true' },
      sources: [{ identifier: 'lab', url: 'http://127.0.0.1:9/x', kind: 'rss' }],
    });
    const manual = await h.sourceId('manual');
    const lab = await h.sourceId('lab');
    for (const [key, text] of Object.entries(TOPICS)) {
      const outcome = await ingestArticle(h.module.ports, {
        sourceId: key === 'phishing' ? lab : manual,
        url: `https://search.example/${key}`,
        title: key,
        content: `${text} ${text.split(' ').reverse().join(' ')}`,
        publishedAt: null,
      });
      if (outcome.outcome !== 'created') throw new Error('not created');
      ids[key] = outcome.articleId;
    }
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
  });

  it('serves every route defined for ingestion, and nothing else', () => {
    const router = h.module.http?.router;
    if (!router) throw new Error('the ingestion module serves no routes');
    const defined = ALL_ROUTES.filter((route) => route.owner === 'ingestion').map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(servedRoutes(router)).toEqual(defined.sort());
    expect(defined).toHaveLength(19);
  });

  it('ranks articles by meaning of the query with similarity scores', async () => {
    const response = (
      await h.http.post('/api/search/semantic').send({ query: 'credential theft by dumping lsass memory', limit: 3 }).expect(200)
    ).body;
    expect(response.embedder).toBe('builtin-hashed-ngram-v1');
    expect(response.results.map((r: { id: number }) => r.id)[0]).toBe(ids['lsass']);
    const scores = response.results.map((r: { similarity: number }) => r.similarity);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(response.results[0].snippet).toContain('LSASS');
    // Each result's snippet is the start of its own article's text.
    for (const result of response.results as Array<{ id: number; snippet: string }>) {
      const { content } = (await h.http.get(`/api/articles/${result.id}`).expect(200)).body;
      expect(result.snippet).toBe(content.slice(0, 300));
    }
  });

  it('filters by source and minimum hunt score', async () => {
    const bySource = (await h.http.post('/api/search/semantic').send({ query: 'scheduled task persistence', source: 'lab' }).expect(200))
      .body;
    expect(bySource.results.map((r: { id: number }) => r.id)).toEqual([ids['phishing']]);
    const phishingScore = (await h.http.get(`/api/articles/${ids['phishing']}`).expect(200)).body.hunt_score;
    const strict = (
      await h.http
        .post('/api/search/semantic')
        .send({ query: 'anything', min_hunt_score: phishingScore + 0.1 })
        .expect(200)
    ).body;
    expect(strict.results.every((r: { hunt_score: number }) => r.hunt_score > phishingScore)).toBe(true);
    expect(strict.results.map((r: { id: number }) => r.id)).not.toContain(ids['phishing']);
  });

  it('validates the search body', async () => {
    expect((await h.http.post('/api/search/semantic').send({ query: '  ' }).expect(400)).body.error.code).toBe('validation_error');
    expect((await h.http.post('/api/search/semantic').send({ query: 'x', limit: 1000 }).expect(400)).body.error.code).toBe(
      'validation_error',
    );
    expect((await h.http.post('/api/search/semantic').send({ query: 'x', source: 'nope' }).expect(404)).body.error.code).toBe('not_found');
  });

  it('documents search in /api/search/help', async () => {
    const help = (await h.http.get('/api/search/help').expect(200)).body;
    expect(help.semantic.endpoint).toBe('/api/search/semantic');
    expect(Object.keys(help.semantic.fields)).toEqual(['query', 'limit', 'min_hunt_score', 'source']);
    expect(help.semantic.embedder).toEqual({ id: 'builtin-hashed-ngram-v1', dimensions: 384 });
  });

  it('reports embedding coverage of articles and of the reference Sigma corpus', async () => {
    const { prisma } = h.ctx.db;
    for (const n of [1, 2, 3]) {
      await prisma.sigmaReferenceRule.create({
        data: { ruleId: `r-${n}`, path: `rules/r${n}.yml`, title: `Rule ${n}`, yaml: 'title: x', contentHash: `h${n}` },
      });
    }
    const vector = `[${Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)).join(',')}]`;
    await prisma.$executeRaw`UPDATE sigma_reference_rules SET embedding = ${vector}::vector WHERE rule_id = 'r-1'`;
    const stats = (await h.http.get('/api/embeddings/stats').expect(200)).body;
    expect(stats.sigma_corpus).toEqual({ total_rules: 3, embedded_rules: 1, missing: 2, coverage_percent: 33.3 });
    expect(stats.articles).toEqual(
      expect.objectContaining({ total: 3, embedded: 3, missing: 0, coverage_percent: 100, by_model: { 'builtin-hashed-ngram-v1': 3 } }),
    );
  });

  withTesseract('OCRs article images with tesseract and appends the text in a marked block', async () => {
    const health = await h.module.health?.();
    expect(health).toEqual(expect.objectContaining({ status: 'up', detail: expect.objectContaining({ ocr: 'available' }) }));
    const scraped = (
      await h.http
        .post('/api/scrape-url')
        .send({ url: server.url('/with-image') })
        .expect(201)
    ).body;
    const detail = (await h.http.get(`/api/articles/${scraped.article_id}`).expect(200)).body;
    expect(detail.content).toMatch(
      /\[image 1 text \(OCR\) from http:\/\/127\.0\.0\.1:\d+\/shot\.png\]\nrundll32\.exe comsvcs\.dll MiniDump\n\[end of image 1 text\]/,
    );
    expect(detail.metadata.ocr).toEqual({ enabled: true, images_seen: 1, images_read: 1 });
    expect(detail.hunt_score_breakdown.tiers.perfect.matched).toEqual(expect.arrayContaining(['comsvcs.dll', 'minidump']));
    expect(server.requestsTo('/shot.png')).toHaveLength(1);
  });

  it('goes on without OCR when tesseract is missing, and health says so', async () => {
    const withoutOcr = await createIngestionModule(h.ctx, {
      registerJobs: false,
      env: {
        INGEST_ALLOW_PRIVATE_NETWORKS: 'true',
        INGEST_HOST_DELAY_MS: '0',
        TESSERACT_PATH: '/nonexistent/tesseract',
        SOURCES_FILE: '/nonexistent.yaml',
      },
    });
    await h.ctx.db.prisma.setting.create({ data: { key: 'OCR_INGEST_ENABLED', value: 'true', isSecret: false } });
    const health = await withoutOcr.health?.();
    expect(health).toEqual({
      status: 'degraded',
      detail: { ocr: 'unavailable: tesseract not installed', embedder: 'builtin-hashed-ngram-v1' },
    });
    const result = await scrapeUrl(withoutOcr.ports, { url: server.url('/with-image-2'), force_scrape: false });
    expect(result.duplicate).toBe(false);
    const detail = (await h.http.get(`/api/articles/${result.article_id}`).expect(200)).body;
    expect(detail.content).not.toContain('(OCR)');
    expect(detail.metadata.ocr).toEqual({ enabled: true, unavailable: 'tesseract not installed', images_seen: 1, images_read: 0 });
  });
});
