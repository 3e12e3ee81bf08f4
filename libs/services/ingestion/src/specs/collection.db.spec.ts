import { startFixtureServer, type FixtureServer } from '@huntforge/testing';
import { waitFor } from '@huntforge/test-kit';
import { articleHtmlOf, atomFeed, fixturePage, jsonFeed, rssFeed, syntheticArticleHtml } from '../test-support/feeds';
import { startIngestion, type IngestionHarness } from '../test-support/ingestion-harness';

const writeup = fixturePage('intrusion-writeup.html');
const marketing = fixturePage('vendor-announcement.html');
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * 86_400_000);

describe('collection end to end', () => {
  let server: FixtureServer;
  let h: IngestionHarness;

  beforeAll(async () => {
    server = await startFixtureServer();
    const url = (path: string) => server.url(path);
    server.routes({
      // RSS with full content for one item, summary only for the other (its page is fetched)
      '/rss.xml': {
        headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
        etag: '"rss-v1"',
        body: rssFeed('Example Threat Lab', [
          {
            url: url('/research/ransomware-52-hours?utm_source=rss'),
            title: 'From phishing ISO to ransomware',
            published: daysAgo(2),
            contentHtml: articleHtmlOf(writeup),
          },
          { url: url('/news/leader'), title: 'Named a leader', published: daysAgo(3), summary: 'We are thrilled…' },
          { url: url('/research/ancient'), title: 'Too old', published: daysAgo(400), contentHtml: syntheticArticleHtml(1) },
        ]),
      },
      '/news/leader': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: marketing },
      '/atom.xml': {
        headers: { 'content-type': 'application/atom+xml' },
        body: atomFeed('Atom lab', [{ url: url('/atom/one'), title: 'Atom one', published: daysAgo(1), summary: 'short' }]),
      },
      '/atom/one': {
        headers: { 'content-type': 'text/html' },
        body: `<html><body><article>${syntheticArticleHtml(7)}</article></body></html>`,
      },
      '/feed.json': {
        headers: { 'content-type': 'application/feed+json' },
        body: jsonFeed('JSON lab', [
          { url: url('/json/one'), title: 'JSON one', published: daysAgo(1), contentHtml: syntheticArticleHtml(8) },
        ]),
      },
      // an html source: a listing page whose article links are followed
      '/blog/': {
        headers: { 'content-type': 'text/html' },
        body: '<html><body><nav><a href="/about">About</a></nav><main><h2><a href="/blog/post-10">Post</a></h2><h2><a href="https://elsewhere.test/x">Off-site</a></h2></main></body></html>',
      },
      '/blog/post-10': {
        headers: { 'content-type': 'text/html' },
        body: `<html><head><title>Post ten</title></head><body><article>${syntheticArticleHtml(10)}</article></body></html>`,
      },
      // broken sources
      '/bad-xml.xml': { headers: { 'content-type': 'application/rss+xml' }, body: '<rss version="2.0"><channel><item><title>unclosed' },
      '/wrong-encoding.xml': {
        headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
        body: Buffer.from(rssFeed('x', []), 'utf16le'),
      },
      '/huge.xml': { headers: { 'content-type': 'application/rss+xml' }, streamBytes: 6 * 1024 * 1024 },
      '/error.xml': { status: 500, body: 'internal error' },
    });
    h = await startIngestion({
      sources: [
        { identifier: 'rss-lab', url: url('/rss.xml'), kind: 'rss', lookback_days: 180 },
        { identifier: 'atom-lab', url: url('/atom.xml'), kind: 'atom' },
        { identifier: 'json-lab', url: url('/feed.json'), kind: 'jsonfeed' },
        { identifier: 'html-lab', url: url('/blog/'), kind: 'html' },
        { identifier: 'bad-xml', url: url('/bad-xml.xml'), kind: 'rss' },
        { identifier: 'wrong-encoding', url: url('/wrong-encoding.xml'), kind: 'rss' },
        { identifier: 'huge-body', url: url('/huge.xml'), kind: 'rss' },
        { identifier: 'server-error', url: url('/error.xml'), kind: 'rss' },
      ],
    });
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
  });

  it('check_all_sources collects every good source and marks only the broken ones failing', async () => {
    const run = await h.ctx.scheduler.runNow('check_all_sources');
    expect(run.outcome).toBe('succeeded');
    expect(run.detail).toEqual(expect.objectContaining({ due: 8, started: 8, succeeded: 4, failed: 4 }));

    const sources = (await h.http.get('/api/sources').expect(200)).body.sources as Array<{
      identifier: string;
      health: { status: string; last_error: string | null; consecutive_failures: number };
    }>;
    const health = Object.fromEntries(sources.map((source) => [source.identifier, source.health]));
    for (const good of ['rss-lab', 'atom-lab', 'json-lab', 'html-lab'])
      expect(health[good]).toEqual(expect.objectContaining({ status: 'healthy', last_error: null }));
    expect(health['bad-xml'].last_error).toMatch(/^parse:/);
    expect(health['wrong-encoding'].last_error).toMatch(/wrong encoding/);
    expect(health['huge-body'].last_error).toMatch(/^too_large/);
    expect(health['server-error'].last_error).toBe('http_status: HTTP 500');
    expect(health['server-error'].consecutive_failures).toBe(1);
    expect(health['eval'].status).toBe('not_collected');
  });

  it('stores the articles with hunt scores, canonical URLs and intact code blocks', async () => {
    const list = (await h.http.get('/api/articles?sort_by=hunt_score&sort_order=desc').expect(200)).body;
    expect(list.total).toBe(5);
    const writeupRow = list.articles[0];
    expect(writeupRow.canonical_url).toBe(server.url('/research/ransomware-52-hours'));
    expect(writeupRow.hunt_score).toBeGreaterThan(90);
    const detail = (await h.http.get(`/api/articles/${writeupRow.id}`).expect(200)).body;
    expect(detail.content).toContain(
      '```\nwhoami /all\nnltest /domain_trusts /all_trusts\nnet group "domain admins" /domain\nipconfig /all\n```',
    );
    expect(detail.content).toContain('rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 708 C:\\ProgramData\\lsass.dmp full');
    expect(detail.hunt_score_breakdown.tiers.perfect.matched).toEqual(expect.arrayContaining(['rundll32', 'comsvcs.dll', 'psexec']));
    expect(detail.hunt_score_breakdown.tiers.lolbas.matched).toEqual(expect.arrayContaining(['rundll32', 'schtasks', 'vssadmin']));

    const marketingRow = list.articles.find((article: { title: string }) => article.title === 'Named a leader');
    expect(marketingRow.hunt_score).toBeLessThan(10);
    // the summary-only items were completed from their pages
    const marketingDetail = (await h.http.get(`/api/articles/${marketingRow.id}`).expect(200)).body;
    expect(marketingDetail.content).toContain('magic quadrant');
    expect(server.requestsTo('/news/leader')).toHaveLength(1);
    expect(server.requestsTo('/atom/one')).toHaveLength(1);
    expect(list.articles.map((article: { source: string }) => article.source).sort()).toEqual([
      'atom-lab',
      'html-lab',
      'json-lab',
      'rss-lab',
      'rss-lab',
    ]);
    expect(list.articles.find((article: { source: string }) => article.source === 'html-lab').title).toBe('Post ten');
    expect(server.requestsTo('/about')).toHaveLength(0);
  });

  it('publishes article.ingested with id and score after commit', async () => {
    await waitFor('5 article.ingested events', () => h.ingested.length === 5);
    const stored = await h.ctx.db.prisma.article.findMany({ select: { id: true, huntScore: true } });
    expect(h.ingested.map((event) => event.article_id).sort()).toEqual(stored.map((row) => row.id).sort());
    for (const event of h.ingested) expect(event.hunt_score).toBe(stored.find((row) => row.id === event.article_id)?.huntScore);
  });

  it('skips items older than the lookback and records per-item outcomes on the run', async () => {
    const detail = (await h.http.get('/api/sources/rss-lab').expect(200)).body;
    const run = detail.recent_runs[0];
    expect(run).toEqual(
      expect.objectContaining({ status: 'succeeded', items_found: 3, articles_created: 2, progress: { processed: 3, total: 3 } }),
    );
    expect(run.items.find((item: { url: string }) => item.url.endsWith('/research/ancient'))).toEqual(
      expect.objectContaining({ outcome: 'skipped', reason: 'older than 180 days' }),
    );
  });

  it('uses conditional GET on the next run and does not refetch known pages', async () => {
    server.clearRequests();
    const started = (await h.http.post('/api/sources/rss-lab/collect').expect(202)).body;
    expect(started.status).toBe('running');
    let run: { status: string; not_modified: boolean } = { status: 'running', not_modified: false };
    await waitFor('run to finish', async () => {
      run = (await h.http.get(started.run_url).expect(200)).body;
      return run.status !== 'running';
    });
    expect(run).toEqual(expect.objectContaining({ status: 'succeeded', not_modified: true }));
    expect(server.requestsTo('/rss.xml')[0].headers['if-none-match']).toBe('"rss-v1"');
    expect(server.requests.map((request) => request.path)).toEqual(['/rss.xml']);
  });

  it('never duplicates: re-collecting a changed feed only adds new items', async () => {
    server.route('/feed.json', {
      headers: { 'content-type': 'application/feed+json' },
      body: jsonFeed('JSON lab', [
        { url: server.url('/json/one'), title: 'JSON one', published: daysAgo(1), contentHtml: syntheticArticleHtml(8) },
        { url: server.url('/json/two#comments'), title: 'JSON two', published: daysAgo(1), contentHtml: syntheticArticleHtml(9) },
      ]),
    });
    const started = (await h.http.post('/api/sources/json-lab/collect').expect(202)).body;
    await waitFor('run to finish', async () => (await h.http.get(started.run_url)).body.status !== 'running');
    const run = (await h.http.get(started.run_url)).body;
    expect(run).toEqual(expect.objectContaining({ status: 'succeeded', articles_created: 1, duplicates: 1 }));
    expect((await h.http.get('/api/articles?source=json-lab').expect(200)).body.total).toBe(2);
  });
});
