import { sleep } from '@huntforge/test-kit';
/**
 * A local HTTP server for tests that fetch from "the internet": feeds, pages, images, hostile answers.
 * Each route answers with a status, headers and a body we write; it can delay, redirect, honour
 * conditional GET (ETag / Last-Modified → 304), stream a body of a given size, or hand the request to a
 * custom handler. Every request is logged so tests can assert what was fetched, when and with which
 * headers. Listens on 127.0.0.1 on a free port.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FixtureRoute {
  /** Default 200 (302 with `redirect`). */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as-is (a string is sent as UTF-8 unless `headers` say otherwise; encode with Buffer for other charsets). */
  body?: string | Buffer;
  /** Wait this long before answering (headers included). */
  delayMs?: number;
  /** Answer with a redirect to this location (relative or absolute). */
  redirect?: string;
  /** Sets ETag and answers 304 when If-None-Match carries it. */
  etag?: string;
  /** Sets Last-Modified and answers 304 when If-Modified-Since is the same or later. */
  lastModified?: Date;
  /** Streams this many bytes of filler (`x`) after the body, in 64 KiB chunks, without Content-Length. */
  streamBytes?: number;
  /** Full control; the other fields are ignored. */
  handler?: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
}

export interface FixtureRequest {
  method: string;
  /** Path with query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Date.now() when the request arrived. */
  at: number;
  /** Date.now() when the response finished (or the client went away). */
  endedAt?: number;
  status?: number;
}

export interface FixtureServer {
  /** e.g. http://127.0.0.1:41234 */
  readonly origin: string;
  readonly port: number;
  /** Absolute URL of a path on this server. */
  url(path: string): string;
  /** Adds or replaces a route (exact path, query string ignored unless the route key has one). */
  route(path: string, route: FixtureRoute): void;
  routes(table: Record<string, FixtureRoute>): void;
  /** Every request so far, oldest first. */
  readonly requests: readonly FixtureRequest[];
  requestsTo(path: string): FixtureRequest[];
  /** Forgets logged requests (routes stay). */
  clearRequests(): void;
  close(): Promise<void>;
}

export interface FixtureServerOptions {
  routes?: Record<string, FixtureRoute>;
  host?: string;
}

function isNotModified(req: IncomingMessage, route: FixtureRoute): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (route.etag && ifNoneMatch) {
    return ifNoneMatch.split(',').some((tag) => tag.trim() === route.etag || tag.trim() === '*');
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (route.lastModified && ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(route.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

async function streamFiller(res: ServerResponse, bytes: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = bytes;
  while (left > 0 && !res.destroyed) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= piece.length;
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done).off('close', done);
          resolve();
        };
        res.on('drain', done).on('close', done);
      });
    }
  }
}

async function answer(req: IncomingMessage, res: ServerResponse, route: FixtureRoute): Promise<void> {
  if (route.delayMs) await sleep(route.delayMs);
  if (res.destroyed) return;
  if (route.handler) {
    await route.handler(req, res);
    return;
  }
  const headers: Record<string, string> = { ...route.headers };
  if (route.etag) headers['etag'] = route.etag;
  if (route.lastModified) headers['last-modified'] = route.lastModified.toUTCString();
  if (isNotModified(req, route)) {
    res.writeHead(304, headers).end();
    return;
  }
  if (route.redirect !== undefined) {
    res.writeHead(route.status ?? 302, { ...headers, location: route.redirect }).end();
    return;
  }
  const body = typeof route.body === 'string' ? Buffer.from(route.body, 'utf8') : (route.body ?? Buffer.alloc(0));
  if (route.streamBytes) {
    res.writeHead(route.status ?? 200, headers);
    res.write(body);
    await streamFiller(res, route.streamBytes);
    res.end();
    return;
  }
  res.writeHead(route.status ?? 200, { 'content-length': String(body.length), ...headers }).end(req.method === 'HEAD' ? undefined : body);
}

export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const table = new Map<string, FixtureRoute>(Object.entries(options.routes ?? {}));
  const requests: FixtureRequest[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const entry: FixtureRequest = { method: req.method ?? 'GET', path, headers: req.headers, at: Date.now() };
    requests.push(entry);
    res.on('close', () => {
      entry.endedAt = Date.now();
      entry.status = res.statusCode;
    });
    const route = table.get(path) ?? table.get(path.split('?')[0]);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no fixture route');
      return;
    }
    answer(req, res, route).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port, address } = server.address() as AddressInfo;
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

  return {
    origin,
    port,
    url: (path) => new URL(path, origin).toString(),
    route: (path, route) => void table.set(path, route),
    routes: (routes) => {
      for (const [path, route] of Object.entries(routes)) table.set(path, route);
    },
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path || request.path.split('?')[0] === path),
    clearRequests: () => void requests.splice(0, requests.length),
    close: () =>
      new Promise<void>((resolve) => {
        // Streaming and delayed routes may hold sockets open; close() alone would wait for them.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
