import { createArticle } from '@huntforge/service-testing';
import { startFixtureServer, type FixtureServer } from '@huntforge/testing';
import { startIngestion, type IngestionHarness } from '../test-support/ingestion-harness';

const RSS =
  '<rss version="2.0"><channel><title>Lab</title><item><title>One</title><link>https://lab.example/1</link></item><item><title>Two</title><link>https://lab.example/2</link></item></channel></rss>';

describe('sources managed through the API (add with a check, edit, disable, delete)', () => {
  let server: FixtureServer;
  let h: IngestionHarness;

  beforeAll(async () => {
    server = await startFixtureServer({
      routes: {
        '/feed.xml': { headers: { 'content-type': 'application/rss+xml' }, body: RSS },
        '/other.xml': { headers: { 'content-type': 'application/rss+xml' }, body: RSS },
        '/page': { headers: { 'content-type': 'text/html' }, body: '<html><body><a href="/a">a</a></body></html>' },
        '/down': { status: 503, body: 'down' },
      },
    });
    h = await startIngestion();
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
  });

  it('adds a feed after fetching it once, and says what the check found', async () => {
    const created = await h.http
      .post('/api/sources')
      .send({ identifier: 'new-lab', name: 'New Lab', url: server.url('/feed.xml'), kind: 'rss' })
      .expect(201);
    expect(created.body).toMatchObject({
      identifier: 'new-lab',
      name: 'New Lab',
      kind: 'rss',
      active: true,
      protected: false,
      check_frequency_seconds: 1800,
      check: { ok: true, status: 200, items: 2, reason: null },
    });
    const listed = (await h.http.get('/api/sources').expect(200)).body.sources.map((source: { identifier: string }) => source.identifier);
    expect(listed).toContain('new-lab');
    expect(
      (
        await h.http
          .post('/api/sources')
          .send({ identifier: 'new-lab', name: 'Again', url: server.url('/feed.xml'), kind: 'rss' })
          .expect(409)
      ).body.error.code,
    ).toBe('source_exists');
  });

  it('refuses an unreachable URL or a page that is not the feed it claims (422 source_unreachable), unless skip_check', async () => {
    const down = await h.http
      .post('/api/sources')
      .send({ identifier: 'down', name: 'Down', url: server.url('/down'), kind: 'rss' })
      .expect(422);
    expect(down.body.error.code).toBe('source_unreachable');
    expect(down.body.error.details.check).toMatchObject({ ok: false, status: 503 });
    const notFeed = await h.http
      .post('/api/sources')
      .send({ identifier: 'not-feed', name: 'Not a feed', url: server.url('/page'), kind: 'rss' })
      .expect(422);
    expect(notFeed.body.error.details.check.reason).toMatch(/not a rss feed/);
    expect(
      (
        await h.http
          .post('/api/sources')
          .send({ identifier: 'page', name: 'Page', url: server.url('/page'), kind: 'html' })
          .expect(201)
      ).body.check,
    ).toMatchObject({ ok: true, items: null });
    expect(
      (
        await h.http
          .post('/api/sources')
          .send({ identifier: 'down', name: 'Down', url: server.url('/down'), kind: 'rss', skip_check: true })
          .expect(201)
      ).body.check,
    ).toBeNull();
  });

  it('refuses a metadata address and bad bodies with field names', async () => {
    expect(
      (
        await h.http
          .post('/api/sources')
          .send({ identifier: 'meta', name: 'Meta', url: 'http://169.254.169.254/latest/', kind: 'rss' })
          .expect(422)
      ).body.error.code,
    ).toBe('url_not_allowed');
    const bad = await h.http.post('/api/sources').send({ identifier: 'Bad Id', name: '', url: 'ftp://x', kind: 'gopher' }).expect(400);
    expect(bad.body.error.code).toBe('validation_error');
    expect(bad.body.error.details.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'body.identifier',
      'body.kind',
      'body.name',
      'body.url',
    ]);
  });

  it('edits a source, checks a new URL, and disables it', async () => {
    const renamed = await h.http.patch('/api/sources/new-lab').send({ name: 'Renamed Lab', check_frequency_seconds: 3600 }).expect(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed Lab', check_frequency_seconds: 3600, check: null });
    expect(
      (
        await h.http
          .patch('/api/sources/new-lab')
          .send({ url: server.url('/down') })
          .expect(422)
      ).body.error.code,
    ).toBe('source_unreachable');
    expect(
      (
        await h.http
          .patch('/api/sources/new-lab')
          .send({ url: server.url('/other.xml') })
          .expect(200)
      ).body.check,
    ).toMatchObject({ ok: true, items: 2 });
    expect((await h.http.patch('/api/sources/new-lab').send({ active: false }).expect(200)).body.active).toBe(false);
    expect((await h.http.patch('/api/sources/nope').send({ active: false }).expect(404)).body.error.code).toBe('not_found');
  });

  it('refuses to change or delete the protected sources, with the reason', async () => {
    for (const identifier of ['eval', 'manual']) {
      const changed = await h.http.patch(`/api/sources/${identifier}`).send({ active: true }).expect(400);
      expect(changed.body.error.code).toBe('protected_source');
      const deleted = await h.http.delete(`/api/sources/${identifier}`).expect(400);
      expect(deleted.body.error).toMatchObject({ code: 'protected_source' });
      expect(deleted.body.error.message).toMatch(/protected: it holds .* and cannot be deleted/);
    }
  });

  it('deletes a source without articles; one with articles is refused (disable it instead)', async () => {
    await h.http.delete('/api/sources/new-lab').expect(204);
    await h.http.get('/api/sources/new-lab').expect(404);
    await h.http.delete('/api/sources/new-lab').expect(404);
    const withArticle = await h.http
      .post('/api/sources')
      .send({ identifier: 'kept', name: 'Kept', url: server.url('/feed.xml'), kind: 'rss' })
      .expect(201);
    await createArticle(h.ctx.db.prisma, { sourceId: withArticle.body.id });
    const refused = await h.http.delete('/api/sources/kept').expect(409);
    expect(refused.body.error).toMatchObject({ code: 'source_has_articles', details: { article_count: 1 } });
  });
});
