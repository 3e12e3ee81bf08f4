// HTTP contracts every service shares: error bodies, rate limits, health, identity headers, pagination, API tokens,
// browser sessions, scheduled jobs and the backup schedule.
// The area's curated entry point (@huntforge/contracts/http): every export is named, no `export *`.
export { errorBodySchema, ERROR_CODES, type ErrorBody, type ErrorCode } from './errors';
export { RATE_LIMITED_CODE, rateLimitTier, type RateLimitTier } from './rate-limits';
export {
  healthStatusSchema,
  componentHealthSchema,
  healthResponseSchema,
  workerHealthResponseSchema,
  type HealthStatus,
  type ComponentHealthBody,
  type HealthResponse,
  type WorkerHealthResponse,
} from './health';
export {
  scheduledJobViewSchema,
  scheduledJobsResponseSchema,
  scheduledJobSettingSchema,
  updateScheduledJobsRequestSchema,
  type ScheduledJobView,
  type ScheduledJobsResponse,
  type ScheduledJobSetting,
  type UpdateScheduledJobsRequest,
  jobRunSchema,
  scheduledJobIdParamsSchema,
  type JobRun,
} from './scheduled-jobs';
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
} from './tokens';
export {
  authSessionResponseSchema,
  CSRF_HEADER,
  SESSION_COOKIE,
  signInRequestSchema,
  webSessionIdParamsSchema,
  webSessionListResponseSchema,
  webSessionSchema,
  type AuthSessionResponse,
  type SignInRequest,
  type WebSession,
  type WebSessionListResponse,
} from './auth-session';
export { pageQuerySchema, offsetQuerySchema, pagedResponseSchema, totalPages, pageOffset, type PageLimits } from './pagination';
export { ACTOR_HEADER, ROLE_HEADER, LOCAL_ACTOR, ACTOR_MAX_LENGTH, SIGNATURE_HEADER, SIGNED_AT_HEADER, NONCE_HEADER } from './identity';
export {
  CRON_MARKER_PREFIX,
  BACKUP_CRON_JOBS,
  BACKUP_SCHEDULE_DEFAULTS,
  BACKUP_SCHEDULE_ERROR_CODES,
  hostCronEntrySchema,
  hostCronResponseSchema,
  backupScheduleSettingsSchema,
  expectedBackupEntrySchema,
  backupCronResponseSchema,
  updateBackupScheduleRequestSchema,
  type BackupCronJob,
  type HostCronEntry,
  type HostCronResponse,
  type BackupScheduleSettings,
  type ExpectedBackupEntry,
  type BackupCronResponse,
  type UpdateBackupScheduleRequest,
} from './backup-schedule';
