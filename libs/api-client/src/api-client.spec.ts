import { defineRoute, errorResponse, jsonBody, jsonContent, sigmaQueueRoutes } from '@huntforge/contracts/api';
import { z } from 'zod';
import { ApiError } from './api-error';
import { createApiClient } from './api-client';

const itemRoute = defineRoute('sigma-queue', {
  method: 'post',
  path: '/api/things/{thing_id}/notes',
  summary: 'probe',
  tags: ['probe'],
  request: {
    params: z.object({ thing_id: z.coerce.number() }),
    query: z.object({ tag: z.array(z.string()).optional(), since: z.string().optional(), page: z.number().optional() }),
    body: jsonBody(z.object({ text: z.string() })),
  },
  responses: { 201: jsonContent(z.object({ id: z.number() }), 'created'), 404: errorResponse(['thing_not_found']) },
});

const emptyRoute = defineRoute('sigma-queue', {
  method: 'delete',
  path: '/api/things/{name}',
  summary: 'probe',
  tags: ['probe'],
  request: { params: z.object({ name: z.string() }) },
  responses: { 204: { description: 'gone' } },
});

const bareRoute = defineRoute('gateway', {
  method: 'delete',
  path: '/api/things',
  summary: 'probe: no params, query or body',
  tags: ['probe'],
  responses: { 204: { description: 'gone' } },
});

interface Seen {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: Response, seen: Seen[]): typeof fetch {
  return async (url, init) => {
    seen.push({ url: String(url), init: init ?? {} });
    return answer;
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('createApiClient', () => {
  it('calls a route that takes no input with an empty input or none', async () => {
    const seen: Seen[] = [];
    const client = createApiClient({ fetch: fakeFetch(new Response(null, { status: 204 }), seen) });
    await expect(client.call(bareRoute, {})).resolves.toBeUndefined();
    await expect(client.call(bareRoute)).resolves.toBeUndefined();
    expect(seen.map((call) => [call.init.method, call.url])).toEqual([
      ['DELETE', '/api/things'],
      ['DELETE', '/api/things'],
    ]);
  });

  it('fills the path, repeats array query values, drops undefined ones and sends the JSON body', async () => {
    const seen: Seen[] = [];
    const client = createApiClient({
      baseUrl: 'http://gw.test/',
      fetch: fakeFetch(json(201, { id: 7 }), seen),
      headers: () => ({ 'x-csrf': 'abc' }),
    });
    const created = await client.call(itemRoute, {
      params: { thing_id: 'a/b' as unknown as number },
      query: { tag: ['x', 'y z'], since: undefined, page: 2 },
      body: { text: 'hi' },
    });
    expect(created).toEqual({ id: 7 });
    expect(seen[0]?.url).toBe('http://gw.test/api/things/a%2Fb/notes?tag=x&tag=y+z&page=2');
    expect(seen[0]?.init.method).toBe('POST');
    expect(seen[0]?.init.body).toBe('{"text":"hi"}');
    expect(seen[0]?.init.headers).toMatchObject({ 'content-type': 'application/json', 'x-csrf': 'abc', accept: 'application/json' });
  });

  it('answers the success status beside the body, and shows the headers the request they go with', async () => {
    const seen: Seen[] = [];
    const asked: Array<{ method: string; url: string; body?: string }> = [];
    const client = createApiClient({
      baseUrl: 'http://svc.test',
      fetch: fakeFetch(json(201, { id: 8 }), seen),
      headers: (request) => {
        asked.push(request);
        return { 'x-signed': `${request.method} ${new URL(request.url).pathname}` };
      },
    });
    await expect(client.answer(itemRoute, { params: { thing_id: 4 }, query: { page: 1 }, body: { text: 'a' } })).resolves.toEqual({
      status: 201,
      body: { id: 8 },
    });
    expect(asked).toEqual([{ method: 'POST', url: 'http://svc.test/api/things/4/notes?page=1', body: '{"text":"a"}' }]);
    expect(seen[0]?.init.headers).toMatchObject({ 'x-signed': 'POST /api/things/4/notes' });
  });

  it('resolves an empty 204 with undefined and sends no body', async () => {
    const seen: Seen[] = [];
    const client = createApiClient({ fetch: fakeFetch(new Response(null, { status: 204 }), seen) });
    await expect(client.call(emptyRoute, { params: { name: 'old' } })).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ url: '/api/things/old', init: { method: 'DELETE' } });
    expect(seen[0]?.init.body).toBeUndefined();
  });

  it('rejects with the error envelope as an ApiError', async () => {
    const client = createApiClient({
      fetch: fakeFetch(
        json(404, { error: { code: 'thing_not_found', message: 'thing 3 not found', details: { id: 3 } } }, { 'x-request-id': 'r-1' }),
        [],
      ),
    });
    const error = await client.call(itemRoute, { params: { thing_id: 3 }, body: { text: '' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'thing_not_found',
      message: 'thing 3 not found',
      details: { id: 3 },
      requestId: 'r-1',
    });
  });

  it('keeps the status of a failure that is not our envelope (a proxy page)', async () => {
    const client = createApiClient({
      fetch: fakeFetch(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }), []),
    });
    const error = await client.call(emptyRoute, { params: { name: 'x' } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'http_502', details: '<html>Bad Gateway</html>' });
  });

  it('refuses a call with a path parameter missing instead of requesting a wrong URL', () => {
    const client = createApiClient({ fetch: fakeFetch(json(200, {}), []) });
    expect(() => client.url(emptyRoute, { params: { name: '' } })).toThrow(/path parameter name is missing/);
  });
});

describe('call input types', () => {
  it('lets an optional body be left out and requires a required one', async () => {
    const seen: Seen[] = [];
    const client = createApiClient({
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return json(200, {});
      },
    });
    await client.call(sigmaQueueRoutes.postSigmaQueueApprove, { params: { queue_id: 1 } });
    // @ts-expect-error a reject needs its reason
    await client.call(sigmaQueueRoutes.postSigmaQueueReject, { params: { queue_id: 1 } });
    expect(seen.map((call) => [call.url, call.init.body])).toEqual([
      ['/api/sigma-queue/1/approve', undefined],
      ['/api/sigma-queue/1/reject', undefined],
    ]);
  });
});
