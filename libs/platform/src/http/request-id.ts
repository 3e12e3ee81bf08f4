import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

// Callers' ids end up in every log line, so only short, plain tokens are trusted.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `x-request-id` when it is a plain token, else a fresh UUID. */
export function resolveRequestId(header: string | string[] | undefined): string {
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate !== undefined && ACCEPTABLE_ID.test(candidate) ? candidate : randomUUID();
}
