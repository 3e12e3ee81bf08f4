import { BackupError, type BackupErrorCode } from '@huntforge/backup';
import { HttpError } from '@huntforge/platform';

const STATUS_OF: Partial<Record<BackupErrorCode, number>> = {
  backup_not_found: 404,
  backup_manifest_invalid: 422,
  backup_format_unsupported: 422,
  backup_archive_invalid: 422,
  backup_restore_failed: 422,
  pg_client_missing: 503,
  pg_client_version_mismatch: 503,
  pg_dump_failed: 503,
};

/** A BackupError becomes its documented status with the same code; anything else stays a 500. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof BackupError && STATUS_OF[error.code])
    return new HttpError(STATUS_OF[error.code] as number, error.code, error.message);
  return error;
}
