import type { RequestHandler } from 'express';

/** Answers that carry settings or secrets' state must never be cached by a browser or proxy. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
