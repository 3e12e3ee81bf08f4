import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** The ingestion service's public routes in the OpenAPI document. */
export function registerIngestionRoutes(registry: OpenAPIRegistry): void {
  void registry;
}
