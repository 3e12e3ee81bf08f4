import { startFixtureServer, type FixtureServer } from './fixture-server';

describe('fixture server', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer({
      routes: {
        '/feed.xml': { headers: { 'content-type': 'application/rss+xml' }, body: '<rss/>', etag: '"v1"' },
        '/page': { body: 'hello', lastModified: new Date('2025-01-02T03:04:05Z') },
        '/old': { redirect: '/page', status: 301 },
        '/slow': { body: 'late', delayMs: 150 },
        '/big': { streamBytes: 300_000 },
      },
    });
  });
  afterAll(() => server.close());

  it('serves bodies with headers and logs requests', async () => {
    const response = await fetch(server.url('/feed.xml'), { headers: { 'user-agent': 'probe' } });
    expect(response.headers.get('content-type')).toBe('application/rss+xml');
    expect(await response.text()).toBe('<rss/>');
    expect(server.requestsTo('/feed.xml').at(-1)?.headers['user-agent']).toBe('probe');
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    expect((await fetch(server.url('/feed.xml'), { headers: { 'if-none-match': '"v1"' } })).status).toBe(304);
    expect((await fetch(server.url('/feed.xml'), { headers: { 'if-none-match': '"v0"' } })).status).toBe(200);
    expect((await fetch(server.url('/page'), { headers: { 'if-modified-since': 'Thu, 02 Jan 2025 03:04:05 GMT' } })).status).toBe(304);
    expect((await fetch(server.url('/page'), { headers: { 'if-modified-since': 'Wed, 01 Jan 2025 00:00:00 GMT' } })).status).toBe(200);
  });

  it('redirects, delays, streams and 404s unknown paths', async () => {
    const redirected = await fetch(server.url('/old'), { redirect: 'manual' });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get('location')).toBe('/page');
    const started = Date.now();
    expect(await (await fetch(server.url('/slow'))).text()).toBe('late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await (await fetch(server.url('/big'))).arrayBuffer()).byteLength).toBe(300_000);
    expect((await fetch(server.url('/nothing'))).status).toBe(404);
  });

  it('replaces routes at run time', async () => {
    server.route('/page', { status: 500, body: 'boom' });
    expect((await fetch(server.url('/page'))).status).toBe(500);
  });
});
