import type { IncomingMessage } from 'node:http';

const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** Keeps the bytes the JSON parser read (called from its `verify` hook), so they can be signed, checked or forwarded as received. */
export function rememberRawBody(req: IncomingMessage, bytes: Buffer): void {
  rawBodies.set(req, bytes);
}

/** The bytes of a body the JSON parser read, or undefined when it read none (no body, another type, or a streamed route). */
export function rawBodyOf(req: IncomingMessage): Buffer | undefined {
  return rawBodies.get(req);
}

/** Whether the request announces a body at all (HTTP's own rule: a length above 0 or a transfer encoding). */
export function announcesBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}
