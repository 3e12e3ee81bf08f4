import type { GatewayFactory, ServiceModuleFactory } from '@huntforge/platform';
import { createContentFilterModule } from '@huntforge/service-content-filter';
import { createGatewayModule } from '@huntforge/service-gateway';
import { createIngestionModule } from '@huntforge/service-ingestion';
import { createMcpModule } from '@huntforge/service-mcp';
import { createSigmaQueueModule } from '@huntforge/service-sigma-queue';
import { createWorkflowModule } from '@huntforge/service-workflow';

/** Every service module, composed in one process behind the gateway (Loki's monolithic mode). */
export const ALL_IN_ONE_MODULES: Array<{ service: string; createModule: ServiceModuleFactory }> = [
  { service: 'ingestion', createModule: createIngestionModule },
  { service: 'workflow', createModule: createWorkflowModule },
  { service: 'content-filter', createModule: createContentFilterModule },
  { service: 'sigma-queue', createModule: createSigmaQueueModule },
  { service: 'mcp', createModule: createMcpModule },
];

export const createAllInOneGateway: GatewayFactory = (ctx, options) => createGatewayModule(ctx, options);
