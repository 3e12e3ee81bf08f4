import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import { ingestionRoutes } from '@huntforge/contracts/api';
import { seedMigratedDataDir, waitFor } from '@huntforge/test-kit';
import { Closers } from '../boot/closers';
import { openInfrastructure, type Infrastructure } from '../boot/infrastructure';
import { serve } from '../boot/serve';
import { loadConfig } from '../config/config';
import { identitySignatureHeaders } from '../http/identity-signature';
import { httpErrors } from '../http/http-error';
import { HANDLED, mountRoute } from '../http/mount-route';
import { captureLogs } from '../logging/capture';
import { createLogger } from '../logging/logger';
import { placeholderModule } from '../placeholder-module';
import { sampleValue } from './test-support/exposition';

jest.setTimeout(60_000);

const KEY = randomBytes(32);
const REQUESTS = 'huntforge_http_requests_total';
const DURATIONS = 'huntforge_http_request_duration_seconds_count';

/** A service app as the distributed shape serves it: probes, /metrics, the identity check, one contract route. */
describe('GET /metrics on a service app', () => {
  const logs = captureLogs();
  const logger = createLogger({ level: 'info', service: 'ingestion', destination: logs.stream });
  const closers = new Closers();
  let dataDir: string;
  let infra: Infrastructure;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'huntforge-metrics-'));
    seedMigratedDataDir(dataDir);
    const config = loadConfig(
      { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SCHEDULER_ENABLED: 'false' },
      { shape: 'all-in-one', service: 'ingestion' },
    );
    infra = await openInfrastructure(config, logger, { migrate: true });
    closers.push('infrastructure', () => infra.close());
    const router = Router();
    mountRoute(router, ingestionRoutes.getSource, async ({ params, res }) => {
      if (params.source_id === 'missing') throw httpErrors.notFound('Source missing not found');
      res.json({});
      return HANDLED;
    });
    mountRoute(router, ingestionRoutes.getSourcesRuns, async ({ res }) => {
      res.json({});
      return HANDLED;
    });
    url = await serve(infra, closers, {
      serviceName: 'ingestion',
      router,
      modules: [placeholderModule('ingestion', [])],
      defaultPort: 0,
      identitySigningKey: KEY,
    });
  });

  afterAll(async () => {
    await closers.unwind(logger);
    await rm(dataDir, { recursive: true, force: true });
  });

  const identity = { actor: 'token:alice', role: 'viewer' };
  const signedGet = (path: string) =>
    fetch(`${url}${path}`, {
      headers: {
        'x-huntforge-actor': identity.actor,
        'x-huntforge-role': identity.role,
        ...identitySignatureHeaders(KEY, { method: 'GET', url: path, ...identity }),
      },
    });

  async function scrape(): Promise<string> {
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  it('answers without the identity signature and carries the process metrics, labelled with the service', async () => {
    const text = await scrape();
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(sampleValue(text, name, { service: 'ingestion' })).toEqual(expect.any(Number));
    }
    // PGlite has no connection pool to report.
    expect(text).not.toContain('huntforge_db_pool_connections');
  });

  it('counts requests by route pattern and status, never by raw path, and increments', async () => {
    const before = await scrape();
    const route = '/api/sources/:source_id';
    const ok = { method: 'GET', route, status: '200' };
    const okBefore = sampleValue(before, REQUESTS, ok) ?? 0;

    expect((await signedGet('/api/sources/1')).status).toBe(200);
    expect((await signedGet('/api/sources/2')).status).toBe(200);
    expect((await signedGet('/api/sources/missing')).status).toBe(404);
    expect((await signedGet('/api/sources/1/runs/not-a-number')).status).toBe(400);
    expect((await fetch(`${url}/api/sources/3`)).status).toBe(401);
    expect((await signedGet('/api/no/such/route/77')).status).toBe(404);

    const after = await scrape();
    expect(sampleValue(after, REQUESTS, ok)).toBe(okBefore + 2);
    expect(sampleValue(after, DURATIONS, ok)).toBe(okBefore + 2);
    expect(sampleValue(after, REQUESTS, { method: 'GET', route, status: '404' })).toBe(1);
    expect(sampleValue(after, REQUESTS, { method: 'GET', route: '/api/sources/:source_id/runs/:run_id', status: '400' })).toBe(1);
    expect(sampleValue(after, REQUESTS, { method: 'GET', route, status: '401' })).toBe(1);
    expect(sampleValue(after, REQUESTS, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toMatch(/route="\/api\/sources\/\d/);
    expect(after).not.toMatch(/not-a-number|missing/);
  });

  it('counts its own scrapes and probes without request-logging them', async () => {
    const before = sampleValue(await scrape(), REQUESTS, { route: '/metrics', status: '200' }) ?? 0;
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    const text = await scrape();
    expect(sampleValue(text, REQUESTS, { route: '/metrics', status: '200' })).toBe(before + 1);
    expect(sampleValue(text, REQUESTS, { route: '/health/live', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(logs.lines().filter((line) => String(line['msg']).startsWith('GET /metrics'))).toEqual([]);
  });

  it('counts what the bus of the process publishes and consumes', async () => {
    const handled: unknown[] = [];
    const subscription = await infra.bus.subscribe('metrics-test', ['metrics.test'], async (message) => {
      handled.push(message.payload);
    });
    await infra.bus.publish('metrics.test', { n: 1 });
    await infra.bus.publish('metrics.test', { n: 2 });
    await waitFor('both messages handled', () => handled.length === 2);
    await subscription.cancel();
    const text = await scrape();
    expect(sampleValue(text, 'huntforge_bus_messages_published_total', { topic: 'metrics.test' })).toBe(2);
    expect(sampleValue(text, 'huntforge_bus_messages_consumed_total', { queue: 'metrics-test' })).toBe(2);
  });
});
