import type { Server } from 'node:http';
import type { Express } from 'express';

/**
 * Idle keep-alive sockets are kept longer than clients (undici, the gateway's proxy, load balancers) keep
 * theirs, so a client never reuses a socket the server is closing at that instant ("other side closed").
 * The server advertises the timeout; clients close their idle sockets a second before it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Starts listening and resolves once bound; rejects on EADDRINUSE and friends instead of crashing later. */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

/** Stops accepting connections, lets in-flight requests finish, and drops idle keep-alive sockets. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  });
}

export function serverUrl(server: Server, host: string): string {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

/** Probe paths polled all day by orchestrators and load balancers: served, but not request-logged. */
export const PROBE_PATHS = ['/health', '/health/live', '/health/ready'];
