import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: a status, headers, a delay, and either a body or the assistant's text. */
export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** Wait before answering; a client that gives up meanwhile gets nothing. */
  delayMs?: number;
  /** The raw JSON body (wins over `text`). */
  body?: unknown;
  /** The assistant's answer, wrapped in the provider's envelope. */
  text?: string;
  /** Error message for status >= 400, wrapped in the provider's error envelope. */
  error?: string;
  usage?: { input: number; output: number };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export type RouteKind = 'chat' | 'models';

export interface FakeProviderServer {
  /** http://127.0.0.1:<port> (OpenAI clients add /v1 themselves, see each fake's baseUrl). */
  readonly url: string;
  /** The URL to configure as the provider's base URL. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Queues replies for the chat/messages endpoint (`chat`) or the model list (`models`), used in order. */
  enqueue(kind: RouteKind, ...replies: ScriptedReply[]): void;
  /** What the chat endpoint answers once its queue is empty; receives the parsed request body. */
  respondWith(responder: (body: unknown) => ScriptedReply): void;
  setModels(ids: string[]): void;
  /** Requests to the chat endpoint, in order. */
  chatRequests(): RecordedRequest[];
  close(): Promise<void>;
}

export interface Envelopes {
  /** Path of the chat endpoint and the model list. */
  routes: Record<RouteKind, { method: string; path: string }>;
  baseUrl(url: string): string;
  chat(text: string, request: unknown, usage: { input: number; output: number }): unknown;
  models(ids: string[]): unknown;
  error(status: number, message: string): unknown;
  /** True when the request carries the expected credential. */
  authorised(headers: IncomingMessage['headers'], apiKey: string): boolean;
}

export interface FakeServerOptions {
  /** When set, requests without this credential get 401 (like a real provider with a wrong key). */
  apiKey?: string;
  models?: string[];
  /** Default assistant text when nothing is queued. */
  defaultText?: string;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A local HTTP server speaking one provider's wire protocol, scripted per test. */
export async function startScriptedServer(envelopes: Envelopes, options: FakeServerOptions = {}): Promise<FakeProviderServer> {
  const queues: Record<RouteKind, ScriptedReply[]> = { chat: [], models: [] };
  const requests: RecordedRequest[] = [];
  let models = options.models ?? [];
  let responder: (body: unknown) => ScriptedReply = () => ({ text: options.defaultText ?? '{}' });

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const body = await readBody(req);
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const kind = (Object.keys(envelopes.routes) as RouteKind[]).find(
        (candidate) => envelopes.routes[candidate].method === req.method && envelopes.routes[candidate].path === path,
      );
      if (!kind) return send(res, 404, envelopes.error(404, `no route ${req.method} ${path}`));
      if (options.apiKey !== undefined && !envelopes.authorised(req.headers, options.apiKey)) {
        return send(res, 401, envelopes.error(401, 'invalid credential'));
      }
      const reply = queues[kind].shift() ?? (kind === 'chat' ? responder(body) : {});
      if (reply.delayMs) {
        // A client that gives up ends the wait, so no timer outlives the test.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, reply.delayMs);
          res.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      const status = reply.status ?? 200;
      if (reply.body !== undefined) return send(res, status, reply.body, reply.headers);
      if (status >= 400) return send(res, status, envelopes.error(status, reply.error ?? `scripted ${status}`), reply.headers);
      const payload =
        kind === 'models' ? envelopes.models(models) : envelopes.chat(reply.text ?? '', body, reply.usage ?? { input: 11, output: 7 });
      send(res, status, payload, reply.headers);
    })().catch(() => send(res, 500, envelopes.error(500, 'fake server failure')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chatRoute = envelopes.routes.chat;

  return {
    url,
    baseUrl: envelopes.baseUrl(url),
    requests,
    enqueue(kind, ...replies) {
      queues[kind].push(...replies);
    },
    respondWith(next) {
      responder = next;
    },
    setModels(ids) {
      models = ids;
    },
    chatRequests: () => requests.filter((request) => request.method === chatRoute.method && request.path === chatRoute.path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
