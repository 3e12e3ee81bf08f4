import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** The content-filter service's public routes in the OpenAPI document. */
export function registerContentFilterRoutes(registry: OpenAPIRegistry): void {
  void registry;
}
