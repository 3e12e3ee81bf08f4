import express from 'express';
import request from 'supertest';
import { checkBus, checkDatabase } from './checks';
import { createProbeRouter } from './probe-router';
import { runChecks, type HealthCheck } from './run-checks';

const up: HealthCheck = () => ({ status: 'up' });
const degraded: HealthCheck = () => ({ status: 'degraded', detail: { reason: 'builtin model only' } });
const never: HealthCheck = () => new Promise(() => undefined);

function probeApp(checks: Record<string, HealthCheck>, timeoutMs?: number) {
  const app = express();
  app.use(createProbeRouter(checks, { timeoutMs }));
  return app;
}

describe('checkDatabase', () => {
  it('is up with a latency when ping resolves', async () => {
    const health = await checkDatabase({ ping: () => new Promise<void>((resolve) => setTimeout(resolve, 20)) });
    expect(health.status).toBe('up');
    expect(health.latencyMs).toBeGreaterThanOrEqual(15);
  });

  it('is down with the error message when ping rejects', async () => {
    const health = await checkDatabase({ ping: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) });
    expect(health).toMatchObject({ status: 'down', detail: { error: 'connect ECONNREFUSED 127.0.0.1:5432' } });
    expect(typeof health.latencyMs).toBe('number');
  });
});

describe('checkBus', () => {
  it('follows the connection state', () => {
    expect(checkBus({ isConnected: () => true }).status).toBe('up');
    expect(checkBus({ isConnected: () => false })).toMatchObject({ status: 'down', detail: { error: 'not connected' } });
  });
});

describe('runChecks', () => {
  it('is up when every check is up, filling in latencies', async () => {
    const report = await runChecks({ database: up, bus: up });
    expect(report.status).toBe('up');
    expect(report.checks['database']).toEqual({ status: 'up', latencyMs: expect.any(Number) });
  });

  it('is degraded when a check is degraded and none is down', async () => {
    expect((await runChecks({ database: up, model: degraded })).status).toBe('degraded');
  });

  it('is down when a check throws, synchronously or not', async () => {
    const report = await runChecks({
      sync: () => {
        throw new Error('boom');
      },
      async: () => Promise.reject(new Error('later')),
      model: degraded,
    });
    expect(report.status).toBe('down');
    expect(report.checks['sync']).toMatchObject({ status: 'down', detail: { error: 'boom' } });
    expect(report.checks['async']).toMatchObject({ status: 'down', detail: { error: 'later' } });
  });

  it('bounds each check by the timeout and reports it', async () => {
    const started = Date.now();
    const report = await runChecks({ database: up, bus: never }, 50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(report.status).toBe('down');
    expect(report.checks['bus']).toMatchObject({ status: 'down', detail: { error: 'timeout' } });
    expect(report.checks['database'].status).toBe('up');
  });
});

describe('createProbeRouter', () => {
  it('answers liveness without running checks', async () => {
    let ran = false;
    const response = await request(probeApp({ database: () => ((ran = true), { status: 'down' }) }))
      .get('/health/live')
      .expect(200);
    expect(response.body).toEqual({ status: 'up' });
    expect(ran).toBe(false);
  });

  it('answers 200 ready when everything is up', async () => {
    const response = await request(probeApp({ database: up, bus: up }))
      .get('/health/ready')
      .expect(200);
    expect(response.body).toEqual({
      status: 'up',
      checked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      components: { database: { status: 'up', latency_ms: expect.any(Number) }, bus: { status: 'up', latency_ms: expect.any(Number) } },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when a check is down', async () => {
    const response = await request(probeApp({ database: up, bus: () => checkBus({ isConnected: () => false }) }))
      .get('/health/ready')
      .expect(503);
    expect(response.body).toMatchObject({ status: 'down', components: { bus: { status: 'down', detail: { error: 'not connected' } } } });
  });

  it('answers 503 when a check is degraded', async () => {
    const response = await request(probeApp({ database: up, model: degraded }))
      .get('/health/ready')
      .expect(503);
    expect(response.body.status).toBe('degraded');
  });

  it('answers 503 with timeout when a check hangs', async () => {
    const response = await request(probeApp({ database: never }, 50))
      .get('/health/ready')
      .expect(503);
    expect(response.body.components.database).toMatchObject({ status: 'down', detail: { error: 'timeout' } });
  });
});
