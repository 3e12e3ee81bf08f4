import { backupCronResponseSchema, hostCronResponseSchema, updateBackupScheduleRequestSchema } from '../http/backup-schedule';
import { defineRoute, errorResponse, jsonBody, jsonContent } from './define-route';

/** Backup scheduling through the host crontab: only lines carrying a huntforge-managed marker are ever written. */
export const backupScheduleRoutes = {
  getHostCron: defineRoute('gateway', {
    method: 'get',
    path: '/api/cron',
    summary: 'Job lines of the host crontab the service runs under, each marked managed or not (admin: foreign lines may carry anything)',
    tags: ['Backups'],
    responses: { 200: jsonContent(hostCronResponseSchema, 'The entries, or available=false with the reason') },
  }),
  getBackupCron: defineRoute('gateway', {
    method: 'get',
    path: '/api/backup/cron',
    summary: 'The backup schedule settings, the managed backup/prune cron lines installed, and whether they match',
    tags: ['Backups'],
    responses: { 200: jsonContent(backupCronResponseSchema, 'Settings and managed entries') },
  }),
  putBackupSchedule: defineRoute('gateway', {
    method: 'put',
    path: '/api/backup/schedule',
    summary:
      'Enable, disable or reschedule backups: installs or removes the two managed host cron lines (daily backup, weekly prune), stores the settings and the audit event backup_schedule.updated',
    tags: ['Backups'],
    request: { body: jsonBody(updateBackupScheduleRequestSchema) },
    responses: {
      200: jsonContent(backupCronResponseSchema, 'The schedule after the change'),
      400: errorResponse(['validation_error', 'invalid_json', 'invalid_time', 'invalid_day', 'invalid_retention']),
      503: errorResponse(['cron_unavailable'], 'The host crontab cannot be read or written; nothing was changed'),
    },
  }),
} as const;
