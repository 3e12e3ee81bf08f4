// The root entry of @huntforge/contracts: the shared files at the top of src (version, services, routes, access,
// topics, jobs), by name. Each area's names are public once, in its curated entry (src/<area>/index.ts), and are
// imported from there as @huntforge/contracts/<area>. No `export *` (#36 item 8); tools/lint/contracts-entry-points.spec.ts
// keeps the root to the shared files.
export { HUNTFORGE_VERSION } from './version';
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
  scheduledJobRunKey,
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
