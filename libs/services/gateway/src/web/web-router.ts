import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type Response } from 'express';
import { precompressedAssets } from './precompressed-assets';

/** Paths of the HTML pages (spec: HTML pages); each answers with the application shell, which carries no data. */
export const PAGE_PATHS = [
  '/',
  '/articles',
  '/articles/:article_id',
  '/sources',
  '/workflow',
  '/mlops',
  '/mlops/*rest',
  '/mcp-requests',
  '/settings',
  '/signin',
];

/** The placeholder Vite writes into the built shell (apps/web/vite.config.mts `html.cspNonce`). */
export const NONCE_PLACEHOLDER = 'HUNTFORGE_CSP_NONCE';

/**
 * No inline script anywhere and no other origin. Style elements need this page load's nonce: CodeMirror
 * inserts its theme as <style> elements carrying it (read from the shell's csp-nonce meta); React's style
 * properties go through the CSSOM, which style-src does not govern.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function pageHeaders(res: Response, nonce: string): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'DENY');
}

/** Paths that are never pages: an unknown one there answers as its owner does (JSON 404, express). */
const NOT_PAGES = /^\/(api|mcp|health|metrics|docs|assets)(\/|$)/;

/**
 * Serves the web application: hashed assets immutable for a year, the HTML shell revalidated on every
 * load (so a new build is picked up at once). Without a build the pages answer 503 and say how to build.
 */
export function webRouter(distDir: string | null): Router {
  const router = Router();
  router.get('/workflow/queue', (_req, res) => res.redirect(302, '/workflow#queue'));

  if (distDir === null) {
    router.get(PAGE_PATHS, (_req, res) => {
      pageHeaders(res, randomBytes(16).toString('base64'));
      res.status(503).type('text/plain').setHeader('Cache-Control', 'no-store');
      res.send(
        'The web application is not built. Run `npm run build:web` (npm install does it) and reload; the API documentation is at /docs.',
      );
    });
    return router;
  }

  const sendShell = (res: Response, status: number) => {
    // Read per request (a few hundred bytes): a rebuild while the service runs is served at once.
    const nonce = randomBytes(16).toString('base64');
    const shell = readFileSync(join(distDir, 'index.html'), 'utf8').replaceAll(NONCE_PLACEHOLDER, nonce);
    pageHeaders(res, nonce);
    res.setHeader('Cache-Control', 'no-cache');
    res.status(status).type('html').send(shell);
  };
  router.get(PAGE_PATHS, (_req, res) => sendShell(res, 200));
  // Brotli or gzip twins written at build time (tools/web/build.mjs), when the browser takes them.
  router.use('/assets', precompressedAssets(join(distDir, 'assets')));
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      index: false,
      fallthrough: true,
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );
  // Any other page path: the application shell, whose router shows its own "not found" page, with status 404.
  router.get(/.*/, (req, res, next) => (NOT_PAGES.test(req.path) || req.path.includes('.') ? next() : sendShell(res, 404)));
  return router;
}
