// The OpenAPI document of the public HTTP surface, generated from the route declarations.
// The area's curated entry point (@huntforge/contracts/openapi): every export is named, no `export *`.
export { buildOpenApiDocument, type OpenApiDocument, type OpenApiDocumentOptions } from './document';
export { BEARER_SCHEME } from './register-route';
