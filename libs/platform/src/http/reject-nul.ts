import type { RequestHandler } from 'express';
import { HttpError } from './http-error';
import { MAX_JSON_DEPTH } from './json-depth';

// Parsed bodies never nest deeper (the JSON parser refuses them), so every string is looked at.
const MAX_DEPTH = MAX_JSON_DEPTH;

/** The first `path.to.value` holding a NUL character, or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const where = key.includes('\u0000') ? path : nulPath(item, `${path}.${key}`, depth + 1);
    if (where !== null) return where;
  }
  return null;
}

/**
 * NUL characters never mean anything in our API, and PostgreSQL refuses them in text: answering 400 here
 * keeps a stray `%00` or `\u0000` from reaching a query and coming back as a 500.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const url = req.originalUrl;
  if (url.includes('\u0000') || /%00/i.test(url)) {
    next(new HttpError(400, 'invalid_text', 'The URL contains a NUL character (%00)'));
    return;
  }
  const where = nulPath(req.body, 'body');
  if (where !== null) {
    next(
      new HttpError(400, 'invalid_text', 'Text may not contain NUL characters (\\u0000)', [{ path: where, message: 'contains \\u0000' }]),
    );
    return;
  }
  next();
};
