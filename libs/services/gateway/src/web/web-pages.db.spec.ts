import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';
import { findWebDist } from './web-assets';

const BIG = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

describe('web pages at the gateway', () => {
  const dist = mkdtempSync(join(tmpdir(), 'hf-web-dist-'));
  let gateway: GatewayHarness;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><meta property="csp-nonce" nonce="HUNTFORGE_CSP_NONCE"><div id="root"></div><script type="module" src="/assets/index-abc123.js" nonce="HUNTFORGE_CSP_NONCE"></script>',
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG);
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG));
    writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG));
    gateway = await startGateway({ authMode: 'required', webDistDir: dist });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/articles',
    '/articles/42',
    '/sources',
    '/workflow',
    '/mlops',
    '/mlops/agent-evals',
    '/mcp-requests',
    '/settings',
    '/signin',
  ])('serves the application shell at %s without authentication, revalidated and under a strict CSP', async (path) => {
    const page = await request(gateway.app).get(path).expect(200).expect('content-type', /html/);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives each page load its own style nonce, the same in the policy and in the shell', async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => {
        const page = await request(gateway.app).get('/workflow').expect(200);
        const fromPolicy = /style-src 'self' 'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)?.[1];
        expect(page.text).not.toContain('HUNTFORGE_CSP_NONCE');
        expect(page.text).toContain(`nonce="${fromPolicy}"`);
        return fromPolicy;
      }),
    );
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const asset = await request(gateway.app)
      .get('/assets/index-abc123.js')
      .expect(200)
      .expect('content-type', /javascript/);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(asset.headers['cache-control']).toContain('immutable');
    await request(gateway.app).get('/assets/missing-000.js').expect(404);
  });

  it('sends the brotli or gzip twin written at build time, with Content-Encoding and Vary, and the plain file otherwise', async () => {
    const br = await request(gateway.app).get('/assets/big-def456.js').set('accept-encoding', 'gzip, deflate, br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.text).toBe(BIG);
    const gzip = await request(gateway.app).get('/assets/big-def456.js').set('accept-encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(BIG);
    const plain = await request(gateway.app).get('/assets/big-def456.js').set('accept-encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(BIG);
    // No twin was written for a small file: it is sent as it is.
    expect(
      (await request(gateway.app).get('/assets/index-abc123.js').set('accept-encoding', 'br').expect(200)).headers['content-encoding'],
    ).toBeUndefined();
  });

  it("answers an unknown page with the application's own not-found page and status 404; other unknown paths as their owners do", async () => {
    const page = await request(gateway.app).get('/no/such/page').expect(404).expect('content-type', /html/);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(
      (
        await request(gateway.app)
          .get('/api/no-such-route')
          .set('authorization', `Bearer ${await gateway.token('analyst', 'web-404')}`)
          .expect(404)
      ).body.error.code,
    ).toBe('not_found');
    const asset = await request(gateway.app).get('/assets/missing-000.js').expect(404);
    expect(asset.text).not.toContain('<div id="root">');
  });

  it('redirects /workflow/queue to the queue tab', async () => {
    await request(gateway.app).get('/workflow/queue').expect(302).expect('location', '/workflow#queue');
  });

  it('keeps /api protected: the session route needs a credential when authentication is required', async () => {
    const refused = await request(gateway.app).get('/api/auth/session').expect(401);
    expect(refused.body.error.code).toBe('unauthenticated');
    const token = await gateway.token('analyst', 'web-reader');
    const session = await request(gateway.app).get('/api/auth/session').set('authorization', `Bearer ${token}`).expect(200);
    expect(session.body).toEqual({ auth_mode: 'required', actor: 'token:web-reader', role: 'analyst', via: 'bearer', expires_at: null });
  });
});

describe('web pages without a build', () => {
  let gateway: GatewayHarness;
  beforeAll(async () => {
    gateway = await startGateway({ authMode: 'off', webDistDir: null });
  });
  afterAll(() => gateway.close());

  it('answers 503 with how to build instead of a blank page', async () => {
    const page = await request(gateway.app).get('/').expect(503);
    expect(page.text).toContain('npm run build:web');
  });

  it('tells the pages that authentication is off and the caller is the local admin', async () => {
    const session = await request(gateway.app).get('/api/auth/session').expect(200);
    expect(session.body).toEqual({ auth_mode: 'off', actor: 'local', role: 'admin', via: 'local', expires_at: null });
  });
});

describe('findWebDist', () => {
  it('finds dist/web above a start directory and refuses an override without index.html', () => {
    const root = mkdtempSync(join(tmpdir(), 'hf-web-find-'));
    mkdirSync(join(root, 'dist', 'web'), { recursive: true });
    mkdirSync(join(root, 'a', 'b'), { recursive: true });
    writeFileSync(join(root, 'dist', 'web', 'index.html'), '<!doctype html>');
    expect(findWebDist(undefined, [join(root, 'a', 'b')])).toBe(join(root, 'dist', 'web'));
    expect(findWebDist(join(root, 'a'))).toBeNull();
    rmSync(root, { recursive: true, force: true });
  });
});
