import type { Express } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { captureLogs, type LogCapture } from '../logging/capture';
import { createLogger } from '../logging/logger';
import { createHttpApp } from './create-http-app';
import { errorBodySchema } from './error-body';
import { finalizeHttpApp } from './finalize-http-app';
import { httpErrors } from './http-error';
import { parseOrThrow } from './parse';

const createSourceSchema = z.object({ name: z.string().min(1), limit: z.number().int().max(100) });
const listQuerySchema = z.object({ page: z.coerce.number().int().min(1) });

function buildApp(logs: LogCapture): Express {
  const logger = createLogger({ level: 'info', service: 'test', destination: logs.stream });
  const app = createHttpApp({ logger, serviceName: 'ingestion', bodyLimit: '1kb', quietPaths: ['/health/live'] });

  app.get('/health/live', (_req, res) => {
    res.json({ status: 'up' });
  });
  app.post('/api/sources', (req, res) => {
    const body = parseOrThrow(createSourceSchema, req.body, 'body');
    req.log.info({ name: body.name }, 'creating source');
    res.status(201).json(body);
  });
  app.get('/api/sources', (req, res) => {
    const query = parseOrThrow(listQuerySchema, req.query, 'query');
    res.json({ page: query.page });
  });
  app.get('/api/sources/:id', (req) => {
    throw httpErrors.notFound(`Source ${req.params.id} not found`, { id: req.params.id });
  });
  app.get('/api/explode', () => {
    throw new Error('database password is hunter2 at /srv/secret.ts');
  });
  app.get('/api/explode-async', async () => {
    await Promise.resolve();
    throw new TypeError('cannot read properties of undefined');
  });
  app.post('/api/raw-zod', (req, res) => {
    res.json(createSourceSchema.parse(req.body));
  });
  finalizeHttpApp(app);
  return app;
}

function expectErrorBody(body: unknown, code: string): void {
  const parsed = errorBodySchema.parse(body);
  expect(parsed.error.code).toBe(code);
}

describe('createHttpApp + finalizeHttpApp', () => {
  let logs: LogCapture;
  let app: Express;

  beforeEach(() => {
    logs = captureLogs();
    app = buildApp(logs);
  });

  it('answers 400 invalid_path, not 500, for a path that is not valid percent-encoding', async () => {
    const res = await request(app).get('/api/sources/%ff').expect(400);
    expectErrorBody(res.body, 'invalid_path');
  });

  it('answers 400 invalid_text for NUL characters in the path, the query or any JSON string', async () => {
    expectErrorBody((await request(app).get('/api/sources/a%00b').expect(400)).body, 'invalid_text');
    expectErrorBody((await request(app).get('/api/sources?page=1%00').expect(400)).body, 'invalid_text');
    const res = await request(app).post('/api/sources').send({ name: 'a\u0000b', limit: 1 }).expect(400);
    expectErrorBody(res.body, 'invalid_text');
    expect(res.body.error.details).toEqual([{ path: 'body.name', message: 'contains \\u0000' }]);
    await request(app).post('/api/sources').send({ name: 'fine', limit: 1 }).expect(201);
  });

  it('serves routes and hides x-powered-by', async () => {
    const response = await request(app).post('/api/sources').send({ name: 'DFIR Report', limit: 5 }).expect(201);
    expect(response.body).toEqual({ name: 'DFIR Report', limit: 5 });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers 413 payload_too_large above the body limit', async () => {
    const response = await request(app)
      .post('/api/sources')
      .send({ name: 'x'.repeat(2048), limit: 1 })
      .expect(413);
    expectErrorBody(response.body, 'payload_too_large');
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    const response = await request(app)
      .post('/api/sources')
      .set('content-type', 'application/json')
      .send('{"name": "unterminated')
      .expect(400);
    expectErrorBody(response.body, 'invalid_json');
  });

  it('answers 400 json_too_deep for a body nested past 64 levels, before parsing; brackets inside strings do not count', async () => {
    const tooDeep = await request(app)
      .post('/api/sources')
      .set('content-type', 'application/json')
      .send(`${'['.repeat(65)}${']'.repeat(65)}`)
      .expect(400);
    expectErrorBody(tooDeep.body, 'json_too_deep');
    // 64 levels parse (and fail the schema like any other wrong shape).
    const deepest = await request(app)
      .post('/api/sources')
      .set('content-type', 'application/json')
      .send(`${'['.repeat(64)}${']'.repeat(64)}`)
      .expect(400);
    expectErrorBody(deepest.body, 'validation_error');
    const bracketsInText = JSON.stringify({ name: `${'[{'.repeat(100)}\\"[`, limit: 1 });
    await request(app).post('/api/sources').set('content-type', 'application/json').send(bracketsInText).expect(201);
  });

  it('answers 415 for an unsupported charset', async () => {
    const response = await request(app).post('/api/sources').set('content-type', 'application/json; charset=ebcdic').send('{}').expect(415);
    expectErrorBody(response.body, 'unsupported_charset');
  });

  it('answers 400 validation_error with every failing field path', async () => {
    const response = await request(app).post('/api/sources').send({ name: '', limit: 500 }).expect(400);
    expectErrorBody(response.body, 'validation_error');
    const paths = (response.body.error.details as Array<{ path: string; message: string }>).map((d) => d.path);
    expect(paths.sort()).toEqual(['body.limit', 'body.name']);
  });

  it('prefixes query validation paths with query', async () => {
    const response = await request(app).get('/api/sources?page=0').expect(400);
    expect(response.body.error.details).toEqual([{ path: 'query.page', message: expect.any(String) }]);
  });

  it('maps a ZodError thrown by a route to 400 validation_error', async () => {
    const response = await request(app).post('/api/raw-zod').send({ name: 'a' }).expect(400);
    expectErrorBody(response.body, 'validation_error');
    expect(response.body.error.details).toEqual([{ path: 'limit', message: expect.any(String) }]);
  });

  it('sends an HttpError as it is', async () => {
    const response = await request(app).get('/api/sources/42').expect(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Source 42 not found', details: { id: '42' } } });
  });

  it.each(['/api/nothing-here', '/health/nope'])('answers JSON 404 not_found for unknown %s', async (path) => {
    const response = await request(app).get(path).expect(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ error: { code: 'not_found', message: `No route for GET ${path}` } });
  });

  it.each(['/api/explode', '/api/explode-async'])('answers 500 internal_error without internals for %s', async (path) => {
    const response = await request(app).get(path).set('x-request-id', 'req-500').expect(500);
    expect(response.body).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
    expect(response.text).not.toMatch(/hunter2|secret\.ts|at .*\.ts|TypeError/);

    const failure = logs.lines().find((line) => line['msg'] === 'request failed');
    expect(failure).toMatchObject({ level: 'error', requestId: 'req-500', err: { stack: expect.stringContaining('Error') } });
  });

  it('echoes a valid request id and generates one otherwise', async () => {
    const echoed = await request(app).get('/health/live').set('x-request-id', 'abc-123.def').expect(200);
    expect(echoed.headers['x-request-id']).toBe('abc-123.def');

    const generated = await request(app).get('/health/live').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    for (const invalid of ['has spaces', '{"json":1}', 'x'.repeat(129)]) {
      const replaced = await request(app).get('/health/live').set('x-request-id', invalid).expect(200);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the request id on every log line of the request and never logs the body', async () => {
    await request(app)
      .post('/api/sources')
      .set('x-request-id', 'trace-42')
      .send({ name: 'Unit 42', limit: 3, note: 'BODY-MARKER' })
      .expect(201);

    const lines = logs.lines();
    const routeLine = lines.find((line) => line['msg'] === 'creating source');
    const completion = lines.find((line) => line['msg'] === 'POST /api/sources 201');
    expect(routeLine).toMatchObject({ requestId: 'trace-42', name: 'Unit 42', app: 'ingestion' });
    expect(completion).toMatchObject({ requestId: 'trace-42', req: { id: 'trace-42', method: 'POST' }, res: { statusCode: 201 } });
    expect(logs.text()).not.toContain('BODY-MARKER');
  });

  it('redacts secret headers and secret query parameters in request logs', async () => {
    await request(app)
      .get('/api/sources?page=1&token=qs-secret')
      .set('authorization', 'Bearer hf_supersecret')
      .set('cookie', 'session=cookie-secret')
      .expect(200);

    const text = logs.text();
    expect(text).not.toContain('hf_supersecret');
    expect(text).not.toContain('cookie-secret');
    expect(text).not.toContain('qs-secret');
    const completion = logs.lines().find((line) => line['msg'] === 'GET /api/sources 200');
    expect(completion).toMatchObject({
      req: { url: '/api/sources?page=1&token=%5Bredacted%5D', headers: { authorization: '[redacted]', cookie: '[redacted]' } },
    });
  });

  it('does not request-log quiet paths', async () => {
    await request(app).get('/health/live').expect(200);
    expect(logs.lines()).toEqual([]);
  });
});
