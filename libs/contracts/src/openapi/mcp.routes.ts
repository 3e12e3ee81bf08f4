import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** The mcp service's public routes (confirmations) and the gateway's audit route in the OpenAPI document. */
export function registerMcpRoutes(registry: OpenAPIRegistry): void {
  void registry;
}
