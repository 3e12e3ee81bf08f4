import express, { Router } from 'express';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import { buildOpenApiDocument, type OpenApiDocument } from '@huntforge/contracts/openapi';

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Huntforge API</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/huntforge-init.js"></script>
</body>
</html>
`;

// A script file rather than inline code, so a strict Content-Security-Policy (script-src 'self') holds.
const INIT_JS = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: false,
});
`;

// swagger-ui-dist's own index page and initializer point at the public petstore demo; never serve them.
const SHADOWED_FILES = new Set(['/index.html', '/swagger-initializer.js']);

/** `/openapi.json` (generated once from the contracts) and Swagger UI at `/docs`, assets served locally. */
export function docsRouter(): Router {
  let document: OpenApiDocument | undefined;
  const router = Router();

  router.get('/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument();
    res.json(document);
  });
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.type('html').send(INDEX_HTML);
  });
  router.get('/docs/huntforge-init.js', (_req, res) => {
    res.type('application/javascript').send(INIT_JS);
  });
  const assets = express.static(getAbsoluteFSPath(), { index: false, fallthrough: true, maxAge: '1h' });
  router.use('/docs', (req, res, next) => (SHADOWED_FILES.has(req.path) ? next() : assets(req, res, next)));
  return router;
}
