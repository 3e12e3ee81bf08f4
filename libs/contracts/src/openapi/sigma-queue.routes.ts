import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** The sigma-queue service's public routes in the OpenAPI document. */
export function registerSigmaQueueRoutes(registry: OpenAPIRegistry): void {
  void registry;
}
