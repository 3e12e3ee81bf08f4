import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ALL_ROUTES } from '../api/all-routes';
import { BEARER_SCHEME, registerRoute } from './register-route';
import { SIGMA_SEMANTICS_MARKDOWN } from './sigma-semantics';
import { HUNTFORGE_VERSION } from '../version';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

export interface OpenApiDocumentOptions {
  version?: string;
  /** Base URL in the document's `servers`; `/` (the origin that served the document) when unset. */
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

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Huntforge API',
      version: options.version ?? HUNTFORGE_VERSION,
      description:
        'Turns cyber-threat-intelligence articles into reviewed Sigma detections. Errors share one body: ' +
        '`{"error": {"code", "message", "details"?}}`. Reads need a viewer token, writes an analyst token, ' +
        'settings writes, tokens, audit and scheduled-job changes an admin token; health and docs are public.\n' +
        SIGMA_SEMANTICS_MARKDOWN,
      // package.json says UNLICENSED: no licence is granted (README, "Licence").
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: options.serverUrl ?? '/', description: options.serverUrl ? 'Huntforge' : 'The Huntforge that served this document' }],
    security: [{ [BEARER_SCHEME]: [] }],
  });
  requirePathParameters(document);
  return document;
}

/**
 * OpenAPI requires every path parameter; a coerced zod number (`z.coerce.number()`) would otherwise come out
 * optional and nullable, and validators refuse the document.
 */
function requirePathParameters(document: OpenApiDocument): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { parameters?: unknown[] }>)) {
      for (const parameter of operation.parameters ?? []) {
        const candidate = parameter as { in?: string; required?: boolean; schema?: { type?: unknown } };
        if (candidate.in !== 'path') continue;
        candidate.required = true;
        const type = candidate.schema?.type;
        if (Array.isArray(type) && candidate.schema) {
          const kept = type.filter((name) => name !== 'null');
          candidate.schema.type = kept.length === 1 ? kept[0] : kept;
        }
      }
    }
  }
}
