/** Stable codes: the CLI prints them and the API answers with them, so scripts can tell refusals apart. */
export type BackupErrorCode =
  | 'backup_not_found'
  | 'backup_manifest_invalid'
  | 'backup_format_unsupported'
  | 'backup_schema_newer'
  | 'backup_checksum_mismatch'
  | 'backup_database_mismatch'
  | 'backup_archive_invalid'
  | 'backup_restore_failed'
  | 'database_in_use'
  | 'pg_client_missing'
  | 'pg_client_version_mismatch'
  | 'pg_dump_failed'
  | 'pg_restore_failed'
  | 'invalid_retention';

export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}
