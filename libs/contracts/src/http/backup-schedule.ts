import { z } from 'zod';

/** The marker comments that name the host cron lines Huntforge owns (the rest of a crontab is never touched). */
export const CRON_MARKER_PREFIX = 'huntforge-managed:';
export const BACKUP_CRON_JOBS = ['backup', 'prune'] as const;
export type BackupCronJob = (typeof BACKUP_CRON_JOBS)[number];

/** Defaults of the backup schedule (UTC, like every time-driven job): daily at 02:00, prune Sundays at 03:00 keeping 14 (`backup prune`'s own default). */
export const BACKUP_SCHEDULE_DEFAULTS = {
  enabled: false,
  backup_time: '02:00',
  cleanup_time: '03:00',
  cleanup_day: 0,
  retention_count: 14,
} as const;

export const BACKUP_SCHEDULE_ERROR_CODES = {
  invalidTime: 'invalid_time',
  invalidDay: 'invalid_day',
  invalidRetention: 'invalid_retention',
  cronUnavailable: 'cron_unavailable',
} as const;

export const hostCronEntrySchema = z
  .object({
    schedule: z.string().meta({ description: 'The five cron fields, or an @-shortcut such as @reboot', example: '0 2 * * *' }),
    command: z.string().meta({ description: 'The command the line runs (without a managed marker comment)' }),
    managed: z.boolean().meta({ description: 'True when the line carries a huntforge-managed marker comment' }),
    marker: z.string().nullable().meta({ description: 'The marker name (backup, prune) of a managed line, else null', example: 'backup' }),
    raw: z.string().meta({ description: 'The line exactly as the crontab holds it' }),
  })
  .meta({ id: 'HostCronEntry' });

export const hostCronResponseSchema = z
  .object({
    available: z.boolean().meta({ description: 'False when the host crontab cannot be read (no crontab program, no permission)' }),
    reason: z.string().nullable().meta({ description: 'Why the crontab is unavailable, else null' }),
    entries: z
      .array(hostCronEntrySchema)
      .meta({ description: 'Job lines only: comments, blank lines and variable assignments are left out' }),
  })
  .meta({ id: 'HostCronResponse' });

export const backupScheduleSettingsSchema = z
  .object({
    enabled: z.boolean(),
    backup_time: z.string().meta({ description: 'Daily backup time, HH:MM UTC', example: '02:00' }),
    cleanup_time: z.string().meta({ description: 'Weekly prune time, HH:MM UTC', example: '03:00' }),
    cleanup_day: z.number().int().meta({ description: 'Weekly prune day, 0 = Sunday … 6 = Saturday', example: 0 }),
    retention_count: z.number().int().meta({ description: 'How many backups a prune keeps', example: 14 }),
    updated_at: z.iso.datetime().nullable().meta({ description: 'Null while the defaults apply' }),
  })
  .meta({ id: 'BackupScheduleSettings' });

export const expectedBackupEntrySchema = z
  .object({
    marker: z.enum(BACKUP_CRON_JOBS),
    schedule: z.string().meta({ example: '0 2 * * *' }),
    command: z.string(),
  })
  .meta({ id: 'ExpectedBackupCronEntry' });

export const backupCronResponseSchema = z
  .object({
    settings: backupScheduleSettingsSchema,
    available: z.boolean().meta({ description: 'False when the host crontab cannot be read' }),
    reason: z.string().nullable(),
    entries: z.array(hostCronEntrySchema).meta({ description: 'The managed backup and prune lines installed in the host crontab' }),
    expected: z.array(expectedBackupEntrySchema).meta({ description: 'The lines the settings call for (empty when disabled)' }),
    in_sync: z.boolean().meta({ description: 'True when the installed managed lines are exactly the expected ones' }),
  })
  .meta({ id: 'BackupCronResponse' });

export const updateBackupScheduleRequestSchema = z
  .object({
    enabled: z.boolean(),
    backup_time: z.string().optional().meta({ description: 'HH:MM UTC; omitted keeps the current value', example: '02:00' }),
    cleanup_time: z.string().optional().meta({ description: 'HH:MM UTC; omitted keeps the current value', example: '03:00' }),
    cleanup_day: z.number().optional().meta({ description: '0 (Sunday) … 6; omitted keeps the current value', example: 0 }),
    retention_count: z.number().optional().meta({ description: '1 … 365; omitted keeps the current value', example: 14 }),
  })
  .strict()
  .meta({ id: 'UpdateBackupScheduleRequest' });

export type HostCronEntry = z.infer<typeof hostCronEntrySchema>;
export type HostCronResponse = z.infer<typeof hostCronResponseSchema>;
export type BackupScheduleSettings = z.infer<typeof backupScheduleSettingsSchema>;
export type ExpectedBackupEntry = z.infer<typeof expectedBackupEntrySchema>;
export type BackupCronResponse = z.infer<typeof backupCronResponseSchema>;
export type UpdateBackupScheduleRequest = z.infer<typeof updateBackupScheduleRequestSchema>;
