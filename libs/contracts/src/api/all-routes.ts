import { backupScheduleRoutes } from './backup-schedule.routes';
import { backupRoutes } from './backups.routes';
import { contentFilterRoutes } from './content-filter.routes';
import type { ApiRoute } from './define-route';
import { evaluationRoutes } from './evaluation.routes';
import { executionRoutes } from './execution.routes';
import { gatewayRoutes } from './gateway.routes';
import { ingestionRoutes } from './ingestion.routes';
import { mcpRoutes } from './mcp.routes';
import { providerTestRoutes, settingsRoutes } from './settings.routes';
import { sigmaQueueRoutes } from './sigma-queue.routes';
import { telemetryRoutes } from './telemetry.routes';
import { workflowRoutes } from './workflow.routes';

/**
 * Every public route, in document order. The OpenAPI document, the gateway's route table and each
 * service's mounted handlers are all read from here.
 */
export const ALL_ROUTES: readonly ApiRoute[] = [
  ...Object.values(gatewayRoutes),
  ...Object.values(backupScheduleRoutes),
  ...Object.values(backupRoutes),
  ...Object.values(settingsRoutes),
  ...providerTestRoutes.map((test) => test.route),
  ...Object.values(ingestionRoutes),
  ...Object.values(contentFilterRoutes),
  ...Object.values(workflowRoutes),
  ...Object.values(executionRoutes),
  ...Object.values(evaluationRoutes),
  ...Object.values(sigmaQueueRoutes),
  ...Object.values(telemetryRoutes),
  ...Object.values(mcpRoutes),
];
