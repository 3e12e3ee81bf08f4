// What the CLI's `huntforge backup enable|disable|status` shares with the gateway's routes.
export { backupScheduleDeps } from './backup-schedule-deps';
export { getBackupCron } from './get-backup-cron';
export { updateBackupSchedule, BACKUP_SCHEDULE_UPDATED } from './update-backup-schedule';
