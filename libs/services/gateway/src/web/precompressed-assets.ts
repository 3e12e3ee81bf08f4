import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { RequestHandler } from 'express';

/** The encodings written next to each asset at build time, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Does the Accept-Encoding header take `encoding` (and not with q=0)? */
export function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    return (name === encoding || name === '*') && (q === undefined || Number(q) > 0);
  });
}

/**
 * Serves `asset.js.br` (or `.gz`) for `asset.js` when the browser accepts it and the build wrote it, with
 * Content-Encoding, the original type, and Vary; anything else falls through to the plain static files.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const root = normalize(dir + sep);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[extname(req.path)];
    if (!type) return next();
    const file = normalize(join(root, decodeURIComponent(req.path)));
    if (!file.startsWith(root)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = ENCODINGS.find(
      (candidate) => accepts(req.headers['accept-encoding'], candidate.name) && existsSync(file + candidate.suffix),
    );
    if (!encoding || !existsSync(file)) return next();
    const compressed = file + encoding.suffix;
    res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD') {
      res.setHeader('Content-Length', String(statSync(compressed).size));
      res.end();
      return;
    }
    res.sendFile(
      compressed,
      { maxAge: '365d', immutable: true, headers: { 'Content-Type': type, 'Content-Encoding': encoding.name } },
      (error) => (error ? next(error) : undefined),
    );
  };
}
