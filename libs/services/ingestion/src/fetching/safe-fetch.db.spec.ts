import { startFixtureServer, type FixtureServer } from '@huntforge/testing';
import { checkAddress } from './address-policy';
import { decodeBody } from './charset';
import { FetchError } from './fetch-errors';
import { createHostGate } from './host-gate';
import { createSafeFetch, type SafeFetchOptions } from './safe-fetch';
import type { Resolver } from './url-guard';

/** Hostile DNS: names an attacker controls, answering with addresses we must refuse. */
const hostileDns: Record<string, string[]> = {
  localhost: ['127.0.0.1'],
  'metadata.attacker.test': ['169.254.169.254'],
  'mixed.attacker.test': ['93.184.216.34', '10.0.0.1'],
  'v6loop.attacker.test': ['::1'],
  'mapped.attacker.test': ['::ffff:192.168.0.1'],
  'feeds.test': ['127.0.0.1'],
};
let resolverCalls: string[] = [];
const fakeResolver: Resolver = async (hostname) => {
  resolverCalls.push(hostname);
  const addresses = hostileDns[hostname];
  if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const base: SafeFetchOptions = {
  allowPrivateNetworks: false,
  timeoutMs: 2_000,
  maxBodyBytes: 5 * 1024 * 1024,
  userAgent: 'huntforge-test',
  resolver: fakeResolver,
};

async function failureOf(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

describe('SSRF guard: hostile URLs with private networks closed', () => {
  const fetchStrict = createSafeFetch(base);
  const hostile: Array<[string, 'url_not_allowed' | 'invalid_url']> = [
    ['http://127.0.0.1/', 'url_not_allowed'],
    ['http://localhost/', 'url_not_allowed'],
    ['http://0x7f000001/', 'url_not_allowed'],
    ['http://2130706433/', 'url_not_allowed'],
    ['http://017700000001/', 'url_not_allowed'],
    ['http://0177.0.0.1/', 'url_not_allowed'],
    ['http://127.1/', 'url_not_allowed'],
    ['http://[::1]/', 'url_not_allowed'],
    ['http://[::ffff:127.0.0.1]/', 'url_not_allowed'],
    ['http://[::ffff:7f00:1]/', 'url_not_allowed'],
    ['http://169.254.169.254/latest/meta-data/', 'url_not_allowed'],
    ['http://[fe80::1]/', 'url_not_allowed'],
    ['http://10.0.0.5/', 'url_not_allowed'],
    ['http://172.16.3.4/', 'url_not_allowed'],
    ['http://192.168.1.1/', 'url_not_allowed'],
    ['http://100.64.0.7/', 'url_not_allowed'],
    ['http://224.0.0.1/', 'url_not_allowed'],
    ['http://255.255.255.255/', 'url_not_allowed'],
    ['http://0.0.0.0/', 'url_not_allowed'],
    ['http://[::]/', 'url_not_allowed'],
    ['http://[::a9fe:a9fe]/', 'url_not_allowed'],
    ['http://[::7f00:1]/', 'url_not_allowed'],
    ['http://[::8.8.8.8]/', 'url_not_allowed'],
    ['http://[fc00::1]/', 'url_not_allowed'],
    ['http://[fd00:ec2::254]/', 'url_not_allowed'],
    ['http://[64:ff9b::7f00:1]/', 'url_not_allowed'],
    ['http://[2002:7f00:1::]/', 'url_not_allowed'],
    ['http://metadata.attacker.test/', 'url_not_allowed'],
    ['http://mixed.attacker.test/', 'url_not_allowed'],
    ['http://v6loop.attacker.test/', 'url_not_allowed'],
    ['http://mapped.attacker.test/', 'url_not_allowed'],
    ['file:///etc/passwd', 'url_not_allowed'],
    ['gopher://127.0.0.1:70/_x', 'url_not_allowed'],
    ['ftp://example.com/x', 'url_not_allowed'],
    ['http://user:pass@example.com/', 'url_not_allowed'],
    ['not a url', 'invalid_url'],
    ['http://', 'invalid_url'],
  ];

  it.each(hostile)('refuses %s', async (url, kind) => {
    const error = await failureOf(fetchStrict({ url }));
    expect(error.kind).toBe(kind);
  });
});

describe('SSRF guard with INGEST_ALLOW_PRIVATE_NETWORKS', () => {
  const open = { allowPrivateNetworks: true };
  it('opens loopback and private ranges', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.10', 'fd12::1', '::ffff:127.0.0.1']) {
      expect(checkAddress(address, open).allowed).toBe(true);
    }
  });

  it('never opens link-local, metadata, multicast or unspecified addresses', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.10.1',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '::',
      '::a9fe:a9fe',
      '::7f00:1',
    ]) {
      expect(checkAddress(address, open)).toEqual(expect.objectContaining({ allowed: false }));
    }
  });

  it('allows public unicast either way', () => {
    expect(checkAddress('93.184.216.34', { allowPrivateNetworks: false }).allowed).toBe(true);
    expect(checkAddress('2606:4700::6810:84e5', { allowPrivateNetworks: false }).allowed).toBe(true);
  });
});

describe('safe fetch against the fixture server', () => {
  let server: FixtureServer;
  const fetchOpen = createSafeFetch({ ...base, allowPrivateNetworks: true, timeoutMs: 1_000, maxBodyBytes: 1_000_000 });

  beforeAll(async () => {
    server = await startFixtureServer({
      routes: {
        '/ok': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<p>ok</p>' },
        '/feed': { body: '<rss/>', etag: '"abc"' },
        '/to-metadata': { redirect: 'http://169.254.169.254/latest/meta-data/' },
        '/to-file': { redirect: 'file:///etc/passwd' },
        '/hop1': { redirect: '/hop2' },
        '/hop2': { redirect: '/ok', status: 307 },
        '/loop': { redirect: '/loop' },
        '/huge': { streamBytes: 3_000_000 },
        '/declared-huge': {
          headers: { 'content-length': '9000000' },
          handler: (_req, res) => void res.writeHead(200, { 'content-length': '9000000' }).end(),
        },
        '/slow': { body: 'late', delayMs: 3_000 },
        '/broken': { status: 500, body: 'boom' },
      },
    });
  });
  afterAll(() => server.close());

  it('fetches a page and reports headers', async () => {
    const result = await fetchOpen({ url: server.url('/ok') });
    expect(result.status).toBe(200);
    expect(result.body.toString()).toBe('<p>ok</p>');
    expect(result.contentType).toBe('text/html; charset=utf-8');
    expect(server.requestsTo('/ok').at(-1)?.headers['user-agent']).toBe('huntforge-test');
  });

  it('connects to the vetted address, resolving each hop once (no second lookup to rebind)', async () => {
    resolverCalls = [];
    const result = await fetchOpen({ url: `http://feeds.test:${server.port}/hop1` });
    expect(result.body.toString()).toBe('<p>ok</p>');
    expect(result.redirects).toEqual([`http://feeds.test:${server.port}/hop2`, `http://feeds.test:${server.port}/ok`]);
    expect(resolverCalls).toEqual(['feeds.test', 'feeds.test', 'feeds.test']);
    expect(server.requestsTo('/ok').at(-1)?.headers.host).toBe(`feeds.test:${server.port}`);
  });

  it('re-checks every redirect hop', async () => {
    expect((await failureOf(fetchOpen({ url: server.url('/to-metadata') }))).kind).toBe('url_not_allowed');
    expect((await failureOf(fetchOpen({ url: server.url('/to-file') }))).kind).toBe('url_not_allowed');
  });

  it('stops after 5 redirects', async () => {
    server.clearRequests();
    expect((await failureOf(fetchOpen({ url: server.url('/loop') }))).kind).toBe('too_many_redirects');
    expect(server.requestsTo('/loop')).toHaveLength(6);
  });

  it('caps the body while streaming and refuses a declared oversize body', async () => {
    expect((await failureOf(fetchOpen({ url: server.url('/huge') }))).kind).toBe('too_large');
    expect((await failureOf(fetchOpen({ url: server.url('/declared-huge') }))).kind).toBe('too_large');
  });

  it('times out', async () => {
    const started = Date.now();
    expect((await failureOf(fetchOpen({ url: server.url('/slow') }))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('reports HTTP errors with their status', async () => {
    const error = await failureOf(fetchOpen({ url: server.url('/broken') }));
    expect(error.kind).toBe('http_status');
    expect(error.status).toBe(500);
  });

  it('sends conditional GET validators and reports 304', async () => {
    const first = await fetchOpen({ url: server.url('/feed') });
    expect(first.headers['etag']).toBe('"abc"');
    const second = await fetchOpen({ url: server.url('/feed'), etag: first.headers['etag'] });
    expect(second.notModified).toBe(true);
    expect(server.requestsTo('/feed').at(-1)?.headers['if-none-match']).toBe('"abc"');
  });
});

describe('charset handling', () => {
  it('decodes by header, declaration and BOM', () => {
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]); // "café" in ISO-8859-1
    expect(decodeBody(latin1, 'text/html; charset=ISO-8859-1')).toBe('café');
    const declared = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1252"?><a>'),
      Buffer.from([0x80]),
      Buffer.from('</a>'),
    ]);
    expect(decodeBody(declared, 'application/xml')).toContain('€');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<rss/>', 'utf16le')]);
    expect(decodeBody(utf16, undefined)).toBe('<rss/>');
  });

  it('refuses an unknown charset and text in the wrong encoding', () => {
    expect(() => decodeBody(Buffer.from('x'), 'text/xml; charset=x-klingon')).toThrow('unsupported charset');
    expect(() => decodeBody(Buffer.from('<rss>hello</rss>', 'utf16le'), 'text/xml; charset=utf-8')).toThrow('wrong encoding');
  });
});

describe('host politeness', () => {
  it('runs one request at a time per host with a gap, other hosts in parallel', async () => {
    const gate = createHostGate(50);
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name} ${Date.now()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.push(`end ${name} ${Date.now()}`);
    };
    const started = Date.now();
    await Promise.all([
      gate.run('http://a.test/1', task('a1')),
      gate.run('http://a.test/2', task('a2')),
      gate.run('http://b.test/1', task('b1')),
    ]);
    const at = (entry: string) => Number(log.find((line) => line.startsWith(entry))?.split(' ')[2]);
    expect(at('start a2')).toBeGreaterThanOrEqual(at('end a1') + 45);
    expect(at('start b1') - started).toBeLessThan(15);
  });
});
