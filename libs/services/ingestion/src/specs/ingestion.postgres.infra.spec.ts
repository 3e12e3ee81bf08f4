import { startFixtureServer, type FixtureServer } from '@huntforge/testing';
import { describeWithInfra } from '@huntforge/test-kit';
import { articleHtmlOf, fixturePage, rssFeed, syntheticArticleHtml } from '../test-support/feeds';
import { startIngestion, type IngestionHarness } from '../test-support/ingestion-harness';

/** The raw SQL paths (vector column, HNSW search, GIN band lookup, raw insert) on real PostgreSQL + pgvector. */
describeWithInfra('postgres')('ingestion on PostgreSQL', () => {
  let server: FixtureServer;
  let h: IngestionHarness;

  beforeAll(async () => {
    server = await startFixtureServer();
    const base = articleHtmlOf(fixturePage('intrusion-writeup.html'));
    server.route('/feed.xml', {
      headers: { 'content-type': 'application/rss+xml' },
      body: rssFeed('pg lab', [
        { url: server.url('/a'), title: 'Original', published: new Date(), contentHtml: base },
        { url: server.url('/b'), title: 'Near copy', published: new Date(), contentHtml: base.replace('52 hours', 'two days') },
        { url: server.url('/c'), title: 'Other', published: new Date(), contentHtml: syntheticArticleHtml(5) },
        { url: server.url('/d'), title: 'Exact copy', published: new Date(), contentHtml: base },
      ]),
    });
    h = await startIngestion({ db: 'postgres', sources: [{ identifier: 'pg-lab', url: server.url('/feed.xml'), kind: 'rss' }] });
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
  });

  it('collects, dedups exactly and near-exactly, searches and deletes', async () => {
    const run = await h.ctx.scheduler.runNow('check_all_sources');
    expect(run.detail).toEqual(expect.objectContaining({ succeeded: 1, articles_created: 3 }));
    const list = (await h.http.get('/api/articles?sort_by=id&sort_order=asc').expect(200)).body;
    expect(list.articles.map((a: { title: string }) => a.title)).toEqual(['Original', 'Near copy', 'Other']);
    const [original, near] = list.articles;
    expect(near.duplicate_of).toBe(original.id);

    const search = (await h.http.post('/api/search/semantic').send({ query: 'lsass dump with comsvcs minidump', limit: 3 }).expect(200))
      .body;
    expect(search.results).toHaveLength(3);
    expect(search.results[2].title).toBe('Other');

    const similar = (await h.http.get(`/api/articles/${original.id}/similar`).expect(200)).body;
    expect(similar.near_duplicates.map((a: { id: number }) => a.id)).toEqual([near.id]);

    const deleted = (await h.http.delete(`/api/articles/${original.id}`).expect(200)).body;
    expect(deleted.unlinked.near_duplicates).toBe(1);
    expect((await h.http.get(`/api/articles/${near.id}`).expect(200)).body.duplicate_of).toBeNull();
  });
});
