import express from 'express';
import request from 'supertest';
import { captureLogs } from '../logging/capture';
import { createLogger } from '../logging/logger';
import { createHttpApp } from './create-http-app';
import { finalizeHttpApp } from './finalize-http-app';

/** An app whose probe and whose later layers each leave a trace, so the order they ran in shows. */
function buildApp() {
  const logs = captureLogs();
  const seenByLaterLayers: string[] = [];
  const probes = express.Router();
  probes.get('/health', (req, res) => {
    res.json({ status: 'up', body_parsed: req.body !== undefined });
  });
  const app = createHttpApp({
    logger: createLogger({ level: 'info', service: 'test', destination: logs.stream }),
    serviceName: 'gateway',
    probes: { paths: ['/health'], handler: probes },
  });
  app.use((req, _res, next) => {
    seenByLaterLayers.push(`${req.method} ${req.path}`);
    next();
  });
  app.all('/health', (_req, res) => {
    res.status(405).json({ error: { code: 'method_not_allowed', message: 'probes are GET' } });
  });
  app.get('/api/things', (_req, res) => {
    res.json({ things: [] });
  });
  finalizeHttpApp(app);
  return { app, logs, seenByLaterLayers };
}

describe('health probes answered first', () => {
  it('answers GET /health before request logging, body parsing and the later layers, with a request id', async () => {
    const { app, logs, seenByLaterLayers } = buildApp();
    // A body the JSON parser would refuse (400) never reaches it: the probe has answered already.
    const response = await request(app).get('/health').set('content-type', 'application/json').send('{not json').expect(200);
    expect(response.body).toEqual({ status: 'up', body_parsed: false });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenByLaterLayers).toEqual([]);
    expect(logs.text()).not.toContain('/health');
  });

  it('keeps the caller’s request id on a probe', async () => {
    const { app } = buildApp();
    const response = await request(app).get('/health').set('x-request-id', 'lb-probe-7').expect(200);
    expect(response.headers['x-request-id']).toBe('lb-probe-7');
  });

  it('leaves other methods on a probe path, and other paths, to the usual layers', async () => {
    const { app, logs, seenByLaterLayers } = buildApp();
    await request(app).post('/health').send({ a: 1 }).expect(405);
    await request(app).get('/api/things').expect(200);
    await request(app).get('/health/extra').expect(404);
    expect(seenByLaterLayers).toEqual(['POST /health', 'GET /api/things', 'GET /health/extra']);
    expect(logs.text()).toContain('GET /api/things 200');
  });
});
