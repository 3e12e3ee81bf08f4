// The platform kit's public surface: wiring every service shares. Import from here only.
export {
  ConfigError,
  decodeEncryptionKey,
  envProblems,
  SHARED_ENV,
  formatConfigProblems,
  isLoopbackHost,
  loadConfig,
  loadDotEnv,
  type AppConfig,
  type EnvSchema,
  type LoadConfigOptions,
  type ServiceUrls,
  type Shape,
} from './config/config';
export { describeConfig } from './config/describe-config';
export { LOCAL_KEY_FILE, LocalEncryptionKeyError, withLocalEncryptionKey } from './config/local-encryption-key';
export { captureLogs, type LogCapture } from './logging/capture';
export { createLogger, type CreateLoggerOptions, type Logger } from './logging/logger';
export { redactSecrets } from './logging/redact-secrets';
export {
  actorOf,
  announcesBody,
  BODY_DIGEST_HEADER,
  bodyDigest,
  identitySignatureHeaders,
  MAX_JSON_DEPTH,
  rawBodyOf,
  UNSIGNED_BODY,
  requireSignedIdentity,
  type SignedIdentity,
  createMemoryNonceLedger,
  createSharedNonceLedger,
  type NonceLedger,
  roleOf,
  sessionCookieOf,
  createHttpApp,
  errorBody,
  errorBodySchema,
  finalizeHttpApp,
  HttpError,
  httpErrors,
  HANDLED,
  mountRoute,
  parseOrThrow,
  reply,
  REQUEST_ID_HEADER,
  validationDetails,
  validationIssueSchema,
  type CreateHttpAppOptions,
  type ErrorBody,
  type MountOptions,
  type Reply,
  type RequestPart,
  type RouteHandler,
  type RouteInput,
  type ValidationIssue,
} from './http';
export {
  checkBus,
  checkDatabase,
  coalescedCheck,
  createProbeRouter,
  httpStatusOf,
  runChecks,
  toHealthBody,
  type HealthCheck,
  type HealthReport,
  type OverallStatus,
} from './health';
export { createShutdown, type Shutdown } from './shutdown/shutdown';
export {
  createScheduler,
  cronProblem,
  UnknownScheduledJobError,
  type CreateSchedulerOptions,
  type JobStatus,
  type ScheduledJob,
  type ScheduledJobContext,
  type Scheduler,
} from './scheduler/scheduler';
export { respondToJobRuns } from './scheduler/job-run-responders';
export type { ComponentHealth, ModuleContext, MountedRouter, ServiceModule, ServiceModuleFactory } from './module';
export {
  createAppMetrics,
  METRICS_PATH,
  metricsRouter,
  prometheusBusMetrics,
  routeLabelOf,
  UNMATCHED_ROUTE,
  type AppMetrics,
  type CounterMetric,
  type GaugeCollector,
  type GaugeSample,
  type HistogramMetric,
  type MetricLabels,
  type MetricSpec,
} from './metrics';
export { findUpwards } from './files/find-upwards';
export { placeholderModule } from './placeholder-module';
export { runServiceAlone, type RunServiceOptions } from './boot/run-service';
export { startAllInOne, type AllInOneHandle, type AllInOneOptions, type GatewayFactory, type InProcessUpstream } from './boot/all-in-one';
export { failStartup, loadStartupConfig } from './boot/startup';
export {
  checkAddress,
  checkOutboundUrl,
  isIpLiteral,
  OutboundUrlError,
  systemHostResolver,
  type AddressPolicy,
  type AddressVerdict,
  type HostResolver,
} from './net';
