import { z } from 'zod';
import { defineRoute, errorResponse, jsonContent } from './define-route';

/** The backup error codes the API answers with (the CLI prints the same ones). */
export const BACKUP_ERROR_CODES = {
  notFound: 'backup_not_found',
  manifestInvalid: 'backup_manifest_invalid',
  formatUnsupported: 'backup_format_unsupported',
  pgClientMissing: 'pg_client_missing',
  pgClientVersionMismatch: 'pg_client_version_mismatch',
  pgDumpFailed: 'pg_dump_failed',
} as const;

export const backupIdSchema = z
  .string()
  .regex(/^huntforge-\d{8}T\d{9}Z-[0-9a-f]{6}$/, 'a backup id: huntforge-<UTC time>-<6 hex>')
  .meta({ example: 'huntforge-20261126T020000123Z-a1b2c3' });

export const backupFileSchema = z
  .object({
    path: z.string().meta({ description: 'Path inside the backup folder' }),
    role: z.enum(['database', 'data', 'artifacts']),
    size: z.number().int().nonnegative(),
    sha256: z.string(),
  })
  .meta({ id: 'BackupFile' });

export const backupSummarySchema = z
  .object({
    id: backupIdSchema,
    created_at: z.iso.datetime().nullable(),
    schema_migration: z.string().nullable().meta({ description: 'The newest Prisma migration applied when the backup was taken' }),
    database_kind: z.enum(['pglite', 'postgres']).nullable(),
    size_bytes: z.number().int().nonnegative(),
    file_count: z.number().int().nonnegative(),
    valid: z.boolean().meta({ description: 'Manifest readable (and, where verified, every checksum matching)' }),
    problems: z.array(z.string()),
  })
  .meta({ id: 'BackupSummary' });

export const backupListResponseSchema = z
  .object({ backup_dir: z.string(), backups: z.array(backupSummarySchema) })
  .meta({ id: 'BackupList' });

export const backupDetailSchema = backupSummarySchema
  .extend({ verified: z.literal(true), files: z.array(backupFileSchema) })
  .meta({ id: 'BackupDetail' });

export type BackupSummaryView = z.infer<typeof backupSummarySchema>;
export type BackupDetailView = z.infer<typeof backupDetailSchema>;

/**
 * Backups taken by the running service. The CLI calls POST when the embedded database is held by a
 * running `huntforge start` (PGlite serves one process); restore stays offline (`huntforge backup restore`).
 */
export const backupRoutes = {
  getBackups: defineRoute('gateway', {
    method: 'get',
    path: '/api/backups',
    summary: 'Backups in BACKUP_DIR, newest first (manifests read, checksums not verified)',
    tags: ['Backups'],
    responses: { 200: jsonContent(backupListResponseSchema, 'The backups') },
  }),
  postBackups: defineRoute('gateway', {
    method: 'post',
    path: '/api/backups',
    summary:
      "Take a backup now: the database (the live embedded database's data-directory dump, or pg_dump), DATA_DIR's other state (encryption key, model artifacts) and a manifest with checksums",
    tags: ['Backups'],
    responses: {
      201: jsonContent(backupDetailSchema, 'The backup written'),
      503: errorResponse(
        [BACKUP_ERROR_CODES.pgClientMissing, BACKUP_ERROR_CODES.pgClientVersionMismatch, BACKUP_ERROR_CODES.pgDumpFailed],
        'The PostgreSQL client programs are missing, too old, or failed; nothing was kept',
      ),
    },
  }),
  getBackup: defineRoute('gateway', {
    method: 'get',
    path: '/api/backups/{backup_id}',
    summary: 'One backup with its files, every checksum verified',
    tags: ['Backups'],
    request: { params: z.object({ backup_id: backupIdSchema }) },
    responses: {
      200: jsonContent(backupDetailSchema, 'The backup; valid=false lists the damaged files in problems'),
      400: errorResponse(['validation_error']),
      404: errorResponse([BACKUP_ERROR_CODES.notFound]),
      422: errorResponse(
        [BACKUP_ERROR_CODES.manifestInvalid, BACKUP_ERROR_CODES.formatUnsupported],
        'The manifest cannot be read by this Huntforge',
      ),
    },
  }),
} as const;
