import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { defineRoute } from '@huntforge/contracts/api';
import { createLogger } from '../logging/logger';
import { captureLogs } from '../logging/capture';
import { createHttpApp } from './create-http-app';
import { finalizeHttpApp } from './finalize-http-app';
import { HANDLED, mountRoute, reply } from './mount-route';

const itemSchema = z.object({ id: z.number(), name: z.string(), tags: z.array(z.string()) });
const json = <S extends z.ZodType>(schema: S) => ({ description: 'ok', content: { 'application/json': { schema } } });

const createItem = defineRoute('ingestion', {
  method: 'post',
  path: '/api/items/{group}',
  summary: 'test route',
  tags: ['Test'],
  request: {
    params: z.object({ group: z.coerce.number().int().positive() }),
    query: z.object({ dry: z.enum(['true', 'false']).default('false') }),
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ name: z.string().min(1), tags: z.array(z.string()).default([]) }) } },
    },
  },
  responses: { 200: json(itemSchema), 201: json(itemSchema) },
});

const optionalBody = defineRoute('ingestion', {
  method: 'post',
  path: '/api/items/{group}/touch',
  summary: 'test route with an optional body',
  tags: ['Test'],
  request: {
    params: z.object({ group: z.string() }),
    body: { required: false, content: { 'application/json': { schema: z.object({ note: z.string().optional() }) } } },
  },
  responses: { 204: { description: 'done' } },
});

function buildApp() {
  const app = createHttpApp({
    logger: createLogger({ level: 'silent', service: 'test', destination: captureLogs().stream }),
    serviceName: 'test',
  });
  const router = express.Router();
  mountRoute(router, createItem, async ({ params, query, body }) => {
    const item = { id: params.group, name: body.name, tags: body.tags };
    return query.dry === 'true' ? item : reply(201, item, { Location: `/api/items/${params.group}` });
  });
  const seen: unknown[] = [];
  mountRoute(router, optionalBody, async ({ body }) => {
    seen.push(body);
  });
  router.get('/api/raw', (_req, res) => res.type('text/plain').send('raw'));
  app.use(router);
  finalizeHttpApp(app);
  return { app, seen };
}

describe('mountRoute', () => {
  it('derives the express path and the success status from the definition', () => {
    expect(createItem.expressPath).toBe('/api/items/:group');
    expect(createItem.successStatus).toBe(200);
    expect(optionalBody.successStatus).toBe(204);
    expect(createItem.access).toEqual({ public: false, role: 'analyst' });
  });

  it('parses params, query and body with the route schemas (defaults applied) and sends the result', async () => {
    const { app } = buildApp();
    const dry = await request(app).post('/api/items/7?dry=true').send({ name: 'x' }).expect(200);
    expect(dry.body).toEqual({ id: 7, name: 'x', tags: [] });
    const created = await request(app)
      .post('/api/items/7')
      .send({ name: 'y', tags: ['a'] })
      .expect(201);
    expect(created.headers['location']).toBe('/api/items/7');
    expect(created.body).toEqual({ id: 7, name: 'y', tags: ['a'] });
  });

  it('answers 400 validation_error naming the failing part and field', async () => {
    const { app } = buildApp();
    const bad = await request(app).post('/api/items/zero?dry=maybe').send({ name: '' }).expect(400);
    expect(bad.body.error.code).toBe('validation_error');
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(['params.group']);
    const badBody = await request(app).post('/api/items/3').send({ name: '' }).expect(400);
    expect(badBody.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.name']);
    const missing = await request(app).post('/api/items/3').expect(400);
    expect(missing.body.error.code).toBe('validation_error');
  });

  it('reads an absent optional body as {} and answers an empty result with the documented status', async () => {
    const { app, seen } = buildApp();
    await request(app).post('/api/items/g/touch').expect(204);
    await request(app).post('/api/items/g/touch').send({ note: 'n' }).expect(204);
    expect(seen).toEqual([{}, { note: 'n' }]);
  });

  it('leaves a response the handler wrote itself alone', async () => {
    const raw = defineRoute('ingestion', {
      method: 'get',
      path: '/api/stream',
      summary: 's',
      tags: ['Test'],
      responses: { 200: { description: 'text' } },
    });
    const app = createHttpApp({
      logger: createLogger({ level: 'silent', service: 'test', destination: captureLogs().stream }),
      serviceName: 'test',
    });
    const router = express.Router();
    mountRoute(router, raw, async ({ res }) => {
      res.type('text/plain').send('streamed');
      return HANDLED;
    });
    app.use(router);
    finalizeHttpApp(app);
    const res = await request(app).get('/api/stream').expect(200);
    expect(res.text).toBe('streamed');
  });
});
