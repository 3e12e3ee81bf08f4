import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** The workflow service's public routes in the OpenAPI document. */
export function registerWorkflowRoutes(registry: OpenAPIRegistry): void {
  void registry;
}
