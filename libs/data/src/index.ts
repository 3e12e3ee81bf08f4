export { createDb, dumpEmbeddedDatabase, tableChangesOf } from './db';
export { TableChanges, WATCHED_TABLES, type WatchedTable } from './drivers/table-changes';
export { ArticleTextReader, type ArticleText } from './read-models/article-text';
export { SigmaCorpusStatsReader, type SigmaCorpusEmbeddingCoverage } from './read-models/sigma-corpus-stats';
export {
  EXECUTION_SUMMARY_SELECT,
  executionSummariesStatement,
  toExecutionSummary,
  type ExecutionSummaryRow,
  type ExecutionSummarySource,
} from './read-models/execution-summary';
export { DatabaseInUseError, lockDirectory, type DirectoryLock } from './drivers/directory-lock';
export { PGLITE_EXTENSIONS } from './drivers/pglite-extensions';
export { poolStatsOf, type PoolStats } from './pool-stats';
export type { Db, DbConfig, DbRepositories } from './db';
export { migrateDb } from './migrations/migrate-db';
export {
  createSettingsReader,
  undecryptableSecrets,
  decryptSecret,
  SettingDecryptionError,
  type SettingsReader,
  type SettingsReaderOptions,
} from './settings/settings-reader';
export {
  createSettingsStore,
  EncryptionKeyMissingError,
  InvalidSettingValueError,
  UnknownSettingError,
  type SettingsStore,
  type SettingView,
} from './settings/settings-store';
export { encryptSecret, secretHint, type EncryptedSecret } from './settings/secrets';
export { CredentialBaseUrlChangedError, isCredentialBaseUrlChangedError } from './settings/credential-pin';
export type { MigrateOptions } from './migrations/migrate-db';
export { resolveMigrationsDir } from './migrations/migrations-dir';
export { MigrationChecksumError, MigrationFailedError } from './migrations/migration-errors';
export type {
  ApiTokenRecord,
  ApiTokenRepository,
  AuditEventFilter,
  AuditEventInput,
  AuditRecord,
  AuditRepository,
  JobLockRepository,
  JobOutcome,
  JobRunRecord,
  JobRunRepository,
  Role,
  ScheduledJobConfigRecord,
  ScheduledJobConfigRepository,
  SignatureNonceRepository,
  WebSessionRecord,
  WebSessionRepository,
} from './ports';
export { Prisma, PrismaClient } from './generated/prisma/client';
export { detailOf, isForeignKeyViolation, isUniqueViolation } from './db-errors';
export { likePattern } from './like-pattern';
export { plainQuery, type PlainQuery } from './plain-sql';
export {
  ApiTokenRole,
  CollectionRunStatus,
  ConfirmationStatus,
  ExecutionStatus,
  JobRunOutcome,
  SigmaQueueSource,
  SigmaQueueStatus,
  SourceKind,
} from './generated/prisma/client';
export type {
  AgentPrompt,
  AgentPromptVersion,
  ApiToken,
  Article,
  ArticleAnnotation,
  AuditEvent,
  ChunkAnalysis,
  ChunkClassificationFeedback,
  ChunkDebugProgress,
  CollectionRun,
  ConsumedMessage,
  EnrichmentConversation,
  EnrichmentTurn,
  EvaluationRecord,
  ExecutionStage,
  JobLock,
  McpConfirmationRequest,
  ModelRetrainRun,
  ModelVersion,
  ScheduledJobConfig,
  ScheduledJobRun,
  Setting,
  SigmaQueueItem,
  SigmaReferenceRule,
  SigmaRuleAtom,
  TelemetryDataset,
  Source,
  WorkflowConfigVersion,
  WorkflowExecution,
  WorkflowPreset,
} from './generated/prisma/client';
