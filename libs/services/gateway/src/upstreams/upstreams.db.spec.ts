import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import express, { Router } from 'express';
import request from 'supertest';
import { captureLogs, createHttpApp, createLogger, finalizeHttpApp, loadConfig, requireSignedIdentity } from '@huntforge/platform';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';
import { createUpstreamDispatcher } from './dispatcher';
import { distributedUpstreams, readinessCheck } from './distributed';

function echoRouter(service: string, paths: string[]): Router {
  const router = Router();
  for (const path of paths) {
    router.all(path, (req, res) => res.json({ service, path: req.path, originalUrl: req.originalUrl, query: req.query }));
  }
  return router;
}

async function listenOnEphemeralPort(app: express.Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('in-process upstreams (all-in-one)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway({
      authMode: 'off',
      upstreams: [
        {
          service: 'ingestion',
          prefixes: ['/api/articles', '/api/sources'],
          router: echoRouter('ingestion', ['/api/articles/:id', '/api/sources']),
        },
        {
          service: 'content-filter',
          prefixes: ['/api/articles/:article_id/chunk-debug', '/api/model'],
          router: echoRouter('content-filter', ['/api/articles/:id/chunk-debug', '/api/model/versions']),
        },
      ],
    });
  });
  afterAll(() => gateway.close());

  it('routes by the route table, each router seeing the full path and query', async () => {
    const article = await request(gateway.app).get('/api/articles/7?fields=title').expect(200);
    expect(article.body).toEqual({
      service: 'ingestion',
      path: '/api/articles/7',
      originalUrl: '/api/articles/7?fields=title',
      query: { fields: 'title' },
    });

    const chunkDebug = await request(gateway.app).get('/api/articles/7/chunk-debug').expect(200);
    expect(chunkDebug.body).toMatchObject({ service: 'content-filter', path: '/api/articles/7/chunk-debug' });

    const versions = await request(gateway.app).get('/api/model/versions').expect(200);
    expect(versions.body.service).toBe('content-filter');
  });

  it('answers the JSON 404 for paths no upstream serves', async () => {
    const unknown = await request(gateway.app).get('/api/nothing-here').expect(404);
    expect(unknown.body.error.code).toBe('not_found');
    // The route table names workflow, but no workflow upstream was handed over.
    await request(gateway.app).get('/api/workflow/executions').expect(404);
    // Claimed by ingestion, but its router has no such route.
    await request(gateway.app).get('/api/articles/7/similar').expect(404);
  });

  it('refuses an upstream that is not a known service, or one listed twice', () => {
    const logger = createLogger({ level: 'silent', service: 'gateway' });
    expect(() => createUpstreamDispatcher([{ service: 'billing', prefixes: ['/api/billing'], router: Router() }], logger)).toThrow(
      /Unknown upstream service "billing"/,
    );
    const ingestion = { service: 'ingestion', prefixes: ['/api/sources'], router: Router() };
    expect(() => createUpstreamDispatcher([ingestion, ingestion], logger)).toThrow(/listed twice/);
  });

  it('warns when a service declares a prefix the route table routes elsewhere', () => {
    const logs = captureLogs();
    const logger = createLogger({ level: 'warn', service: 'gateway', destination: logs.stream });
    createUpstreamDispatcher([{ service: 'ingestion', prefixes: ['/api/sources', '/api/model/versions'], router: Router() }], logger);
    expect(logs.lines()).toEqual([
      expect.objectContaining({ upstream: 'ingestion', prefix: '/api/model/versions', owner: 'content-filter' }),
    ]);
  });
});

describe('proxied upstreams (distributed)', () => {
  let gateway: GatewayHarness;
  let upstream: { server: Server; url: string };
  let stoppedUrl: string;
  let analyst: string;

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.all('/{*rest}', (req, res) => {
      res.status(req.path === '/api/sources/418' ? 418 : 200).json({
        method: req.method,
        url: req.originalUrl,
        body: req.body ?? null,
        requestId: req.headers['x-request-id'] ?? null,
        authorization: req.headers.authorization ?? null,
        actor: req.headers['x-huntforge-actor'] ?? null,
        forwardedFor: req.headers['x-forwarded-for'] ?? null,
      });
    });
    upstream = await listenOnEphemeralPort(app);

    const stopped = await listenOnEphemeralPort(express());
    stoppedUrl = stopped.url;
    await closeServer(stopped.server);

    gateway = await startGateway({
      upstreams: [
        { service: 'ingestion', prefixes: ['/api/sources'], url: upstream.url },
        { service: 'workflow', prefixes: ['/api/workflow'], url: stoppedUrl },
        { service: 'mcp', prefixes: ['/mcp'] },
      ],
    });
    analyst = await gateway.token('analyst', 'proxy-analyst');
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(upstream.server);
  });

  it('forwards path, query, JSON body and request id; not the bearer token', async () => {
    const res = await request(gateway.app)
      .post('/api/sources/12/collect?force=true')
      .set('Authorization', `Bearer ${analyst}`)
      .set('x-request-id', 'req-abc-123')
      .send({ reason: 'manual' })
      .expect(200);
    expect(res.body).toMatchObject({
      method: 'POST',
      url: '/api/sources/12/collect?force=true',
      body: { reason: 'manual' },
      requestId: 'req-abc-123',
      authorization: null,
      actor: 'token:proxy-analyst',
    });
    expect(res.body.forwardedFor).toEqual(expect.any(String));
    expect(res.headers['x-request-id']).toBe('req-abc-123');
  });

  it('passes the upstream status through', async () => {
    await request(gateway.app).get('/api/sources/418').set('Authorization', `Bearer ${analyst}`).expect(418);
  });

  it('still authenticates before proxying', async () => {
    await request(gateway.app).get('/api/sources').expect(401);
  });

  it('answers 502 upstream_unavailable when the service is down', async () => {
    const res = await request(gateway.app).get('/api/workflow/executions').set('Authorization', `Bearer ${analyst}`).expect(502);
    expect(res.body).toEqual({ error: { code: 'upstream_unavailable', message: expect.stringContaining('workflow') } });
  });

  it('answers 400 json_too_deep for a body nested 10,000 levels, before proxying (it was 502 blaming the service)', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const res = await request(gateway.app)
      .post('/api/sources/12/collect')
      .set('Authorization', `Bearer ${analyst}`)
      .set('content-type', 'application/json')
      .send(deep)
      .expect(400);
    expect(res.body.error.code).toBe('json_too_deep');
    // 64 levels are still fine, and arrive as sent.
    const nested = `${'['.repeat(63)}{"a":1}${']'.repeat(63)}`;
    const ok = await request(gateway.app)
      .post('/api/sources/12/collect')
      .set('Authorization', `Bearer ${analyst}`)
      .set('content-type', 'application/json')
      .send(nested)
      .expect(200);
    expect(JSON.stringify(ok.body.body)).toBe(nested);
  });

  it('answers 502 for a service whose URL is not configured', async () => {
    const res = await request(gateway.app).post('/mcp').set('Authorization', `Bearer ${analyst}`).send({}).expect(502);
    expect(res.body.error).toEqual({ code: 'upstream_unavailable', message: 'The mcp service is not configured' });
  });
});

describe('proxied upstreams that check the identity signature', () => {
  const keyHex = 'ab'.repeat(32);
  let gateway: GatewayHarness;
  let upstream: { server: Server; url: string };
  let analyst: string;

  beforeAll(async () => {
    // A service as the runners build it: JSON parser, then the signature check, then its routes.
    const app = createHttpApp({ logger: createLogger({ level: 'silent', service: 'ingestion' }), serviceName: 'ingestion' });
    app.use(requireSignedIdentity({ key: Buffer.from(keyHex, 'hex'), exemptPaths: [] }));
    app.all('/{*rest}', (req, res) => res.json({ body: req.body ?? null, contentEncoding: req.headers['content-encoding'] ?? null }));
    finalizeHttpApp(app);
    upstream = await listenOnEphemeralPort(app);
    gateway = await startGateway({
      upstreams: [{ service: 'ingestion', prefixes: ['/api/sources'], url: upstream.url }],
      env: { IDENTITY_SIGNING_KEY: keyHex },
    });
    analyst = await gateway.token('analyst', 'signed-analyst');
  }, 120_000);
  afterAll(async () => {
    await gateway.close();
    await closeServer(upstream.server);
  });

  it('signs the digest of the exact body it forwards, so the service accepts bodies, empty bodies and non-ASCII text', async () => {
    const text = '{ "reason" : "manuel — é\\u00e9",  "n": 1.50 }';
    const res = await request(gateway.app)
      .post('/api/sources/1/collect')
      .set('Authorization', `Bearer ${analyst}`)
      .set('content-type', 'application/json')
      .send(text)
      .expect(200);
    expect(res.body.body).toEqual(JSON.parse(text));
    await request(gateway.app).get('/api/sources').set('Authorization', `Bearer ${analyst}`).expect(200);
    await request(gateway.app).post('/api/sources/1/collect').set('Authorization', `Bearer ${analyst}`).expect(200);
  });

  it('forwards a gzip-encoded JSON body decoded, so the signed digest and the service agree', async () => {
    // Sent with fetch over a socket: supertest's own client mangles a pre-compressed body.
    const payload = { reason: 'gzip — é', items: Array.from({ length: 50 }, (_, i) => `item-${i}`) };
    const front = await listenOnEphemeralPort(gateway.app);
    try {
      const res = await fetch(`${front.url}/api/sources/1/collect`, {
        method: 'POST',
        headers: { authorization: `Bearer ${analyst}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(Buffer.from(JSON.stringify(payload))),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ body: payload, contentEncoding: null });
    } finally {
      await closeServer(front.server);
    }
  });
});

describe('distributedUpstreams', () => {
  it('proxies each configured service and reports unconfigured ones', async () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgresql://db/huntforge',
        AMQP_URL: 'amqp://mq',
        IDENTITY_SIGNING_KEY: 'ab'.repeat(32),
        INGESTION_URL: 'http://ingestion:8081',
      },
      { shape: 'distributed', service: 'gateway' },
    );
    const { upstreams, serviceHealth } = distributedUpstreams(config);
    expect(upstreams.map((u) => u.service).sort()).toEqual(['content-filter', 'ingestion', 'mcp', 'sigma-queue', 'workflow']);
    expect(upstreams.find((u) => u.service === 'ingestion')).toMatchObject({
      url: 'http://ingestion:8081',
      prefixes: expect.arrayContaining(['/api/sources']),
    });
    expect(upstreams.find((u) => u.service === 'workflow')?.url).toBeUndefined();
    expect(await serviceHealth['workflow']?.()).toEqual({ status: 'down', detail: { reason: 'WORKFLOW_URL is not set' } });
  });

  it('checks readiness with GET <url>/health/ready', async () => {
    let ready = true;
    const app = express();
    app.get('/health/ready', (_req, res) => {
      res.status(ready ? 200 : 503).json({});
    });
    const service = await listenOnEphemeralPort(app);
    try {
      const check = readinessCheck(service.url);
      expect(await check()).toMatchObject({ status: 'up', latencyMs: expect.any(Number) });
      ready = false;
      expect(await check()).toMatchObject({ status: 'down', detail: { httpStatus: 503 } });
    } finally {
      await closeServer(service.server);
    }
    expect(await readinessCheck(service.url)()).toMatchObject({ status: 'down', detail: { reason: expect.any(String) } });
  });
});
