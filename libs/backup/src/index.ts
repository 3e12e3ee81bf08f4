// Backups of a Huntforge installation: the database (pg_dump or PGlite's data-directory dump), DATA_DIR's
// other state (encryption key, models, synced corpora) and a manifest with checksums and the schema migration.
export { BackupError, type BackupErrorCode } from './errors';
export {
  BACKUP_FORMAT_VERSION,
  MANIFEST_FILE,
  manifestSchema,
  parseManifest,
  serializeManifest,
  totalSize,
  type DatabaseKind,
  type FileRole,
  type Manifest,
  type ManifestFile,
} from './manifest/manifest';
export { fingerprintFile } from './manifest/checksum';
export { verifyBackupFiles, type FileProblem } from './manifest/verify';
export { DEFAULT_KEEP, assertKeep, planPrune, type PrunePlan, type RetentionCandidate } from './retention/retention';
export { assertSchemaRestorable, latestAppliedMigration, newestKnownMigration } from './schema/schema-migration';
export { embeddedDatabaseSource, postgresDatabaseSource, type DatabaseSource, type DumpResult } from './database/database-source';
export { embeddedRestoreTarget, postgresRestoreTarget, type RestoreTarget } from './database/restore-target';
export { postgresTools, type PostgresTools } from './database/postgres-tools';
export { splitPostgresUrl } from './database/postgres-connection';
export { collectStateFiles, type StateFile, type StateFolder } from './files/state-files';
export { BACKUP_ID_PATTERN, backupIds, newBackupId, readManifest, resolveBackupDir } from './store/backup-store';
export { createBackup, type CreateBackupOptions } from './create-backup';
export { listBackups, verifyBackup, type BackupSummary, type VerifiedBackup } from './list-backups';
export { restoreBackup, type RestoreBackupOptions } from './restore-backup';
export { pruneBackups } from './prune-backups';
export { databaseSourceOf, installationFolders, restoreTargetOf, type InstallationFolders } from './installation';
