import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ALL_ROUTES } from './api/all-routes';
import { BEARER_SCHEME, registerRoute } from './openapi/register-route';
import { SIGMA_SEMANTICS_MARKDOWN } from './openapi/sigma-semantics';
import { HUNTFORGE_VERSION } from './version';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

export interface OpenApiDocumentOptions {
  version?: string;
  /** Base URL shown in the document's `servers`; omitted when unset (the UI then uses its own origin). */
  serverUrl?: string;
}

/** The OpenAPI 3.1 document of the public HTTP surface, generated from the zod contracts. */
export function buildOpenApiDocument(options: OpenApiDocumentOptions = {}): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'API token (`hf_…`) created with `huntforge tokens create`. Roles: viewer < analyst < admin.',
  });
  for (const route of ALL_ROUTES) registerRoute(registry, route);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Huntforge API',
      version: options.version ?? HUNTFORGE_VERSION,
      description:
        'Turns cyber-threat-intelligence articles into reviewed Sigma detections. Errors share one body: ' +
        '`{"error": {"code", "message", "details"?}}`. Reads need a viewer token, writes an analyst token, ' +
        'settings writes, tokens, audit and scheduled-job changes an admin token; health and docs are public.\n' +
        SIGMA_SEMANTICS_MARKDOWN,
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    security: [{ [BEARER_SCHEME]: [] }],
  });
}
