// Route declarations: one table per area (method, path, schemas, required role), the helpers that declare them,
// and the backup routes' own bodies.
// The area's curated entry point (@huntforge/contracts/api): every export is named, no `export *`.
export {
  defineRoute,
  jsonBody,
  jsonContent,
  errorResponse,
  toExpressPath,
  type ApiRoute,
  type HttpMethod,
  type RouteSpec,
  type RouteParams,
  type RouteQuery,
  type RouteBody,
  type RouteBodyInput,
  type RouteResponse,
  type RouteDocumentedResponse,
} from './define-route';
export { ALL_ROUTES } from './all-routes';
export { gatewayRoutes } from './gateway.routes';
export { backupScheduleRoutes } from './backup-schedule.routes';
export {
  backupRoutes,
  BACKUP_ERROR_CODES,
  backupDetailSchema,
  backupListResponseSchema,
  backupSummarySchema,
  type BackupDetailView,
  type BackupSummaryView,
} from './backups.routes';
export { settingsRoutes, providerTestRoutes } from './settings.routes';
export { ingestionRoutes } from './ingestion.routes';
export { contentFilterRoutes } from './content-filter.routes';
export { workflowRoutes } from './workflow.routes';
export { executionRoutes } from './execution.routes';
export { evaluationRoutes } from './evaluation.routes';
export { sigmaQueueRoutes } from './sigma-queue.routes';
export { telemetryRoutes } from './telemetry.routes';
export { mcpRoutes } from './mcp.routes';
