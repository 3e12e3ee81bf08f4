export { envelopeSchema, type Envelope } from './messages/envelope';

export {
  SERVICE_NAMES,
  SERVICES,
  UPSTREAM_SERVICE_NAMES,
  serviceNameSchema,
  isServiceName,
  type ServiceName,
  type UpstreamServiceName,
  type ServiceDescriptor,
} from './services';
export { ROUTE_TABLE, resolveOwner, routePrefixesOf, type RouteRule } from './routes';
export { ROLES, roleSchema, roleSatisfies, accessRequirement, type Role, type AccessRequirement } from './access';
export {
  TOPICS,
  REQUEST_KEYS,
  QUEUES,
  TOPIC_PAYLOAD_SCHEMAS,
  scheduledJobsChangedPayloadSchema,
  articleIngestedPayloadSchema,
  workflowExecutionRequestedPayloadSchema,
  workflowExecutionFinishedPayloadSchema,
  sigmaRuleQueuedPayloadSchema,
  sigmaQueueChangedPayloadSchema,
  settingsChangedPayloadSchema,
  type Topic,
  type RequestKey,
  type TopicPayload,
  type ScheduledJobsChangedPayload,
  type ArticleIngestedPayload,
  type WorkflowExecutionRequestedPayload,
  type WorkflowExecutionFinishedPayload,
  type SigmaRuleQueuedPayload,
  type SigmaQueueChangedPayload,
  type SettingsChangedPayload,
} from './topics';
export { SCHEDULED_JOBS, CONFIGURABLE_JOB_IDS, findScheduledJob, type ScheduledJobDefinition } from './jobs';

export { errorBodySchema, ERROR_CODES, type ErrorBody, type ErrorCode } from './http/errors';
export {
  healthStatusSchema,
  componentHealthSchema,
  healthResponseSchema,
  workerHealthResponseSchema,
  type HealthStatus,
  type ComponentHealthBody,
  type HealthResponse,
  type WorkerHealthResponse,
} from './http/health';
export {
  scheduledJobViewSchema,
  scheduledJobsResponseSchema,
  scheduledJobSettingSchema,
  updateScheduledJobsRequestSchema,
  type ScheduledJobView,
  type ScheduledJobsResponse,
  type ScheduledJobSetting,
  type UpdateScheduledJobsRequest,
} from './http/scheduled-jobs';
export {
  apiTokenSchema,
  apiTokenListResponseSchema,
  tokenNameSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
  apiTokenIdParamsSchema,
  type ApiToken,
  type ApiTokenListResponse,
  type CreateApiTokenRequest,
  type CreateApiTokenResponse,
} from './http/tokens';
export { pageQuerySchema, offsetQuerySchema, pagedResponseSchema, totalPages, pageOffset, type PageLimits } from './http/pagination';

export { buildOpenApiDocument, ROUTE_REGISTRATIONS, type RouteRegistration, type OpenApiDocument, type OpenApiDocumentOptions } from './openapi';
export { registerRoute, jsonContent, errorResponse, BEARER_SCHEME, type RouteDefinition } from './openapi/route-helpers';

// Each area's curated contracts (one barrel per area, each listing its exports by name).
export * from './areas/ingestion';
export * from './areas/content-filter';
export * from './areas/sigma';
export * from './areas/workflow';
export * from './areas/settings';
export * from './areas/extraction';
export * from './areas/mcp';
export * from './areas/executions';
