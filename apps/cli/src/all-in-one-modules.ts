import type { EnvSchema, GatewayFactory, ServiceModuleFactory } from '@huntforge/platform';
import { CONTENT_FILTER_ENV, createContentFilterModule } from '@huntforge/service-content-filter';
import { GATEWAY_ENV, createGatewayModule } from '@huntforge/service-gateway';
import { INGESTION_ENV, createIngestionModule } from '@huntforge/service-ingestion';
import { MCP_ENV, createMcpModule } from '@huntforge/service-mcp';
import { SIGMA_QUEUE_ENV, createSigmaQueueModule } from '@huntforge/service-sigma-queue';
import { WORKFLOW_ENV, createWorkflowModule } from '@huntforge/service-workflow';

/** Every service module, composed in one process behind the gateway (Loki's monolithic mode). */
export const ALL_IN_ONE_MODULES: Array<{ service: string; createModule: ServiceModuleFactory }> = [
  { service: 'ingestion', createModule: createIngestionModule },
  { service: 'workflow', createModule: createWorkflowModule },
  { service: 'content-filter', createModule: createContentFilterModule },
  { service: 'sigma-queue', createModule: createSigmaQueueModule },
  { service: 'mcp', createModule: createMcpModule },
];

/** The own variables of every service, checked at start-up with the shared ones. */
export const ALL_IN_ONE_ENV: readonly EnvSchema[] = [
  ...GATEWAY_ENV,
  ...INGESTION_ENV,
  ...WORKFLOW_ENV,
  ...CONTENT_FILTER_ENV,
  ...SIGMA_QUEUE_ENV,
  ...MCP_ENV,
];

export const createAllInOneGateway: GatewayFactory = (ctx, options) => createGatewayModule(ctx, options);
