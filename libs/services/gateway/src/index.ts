export { createGatewayModule } from './gateway-module';
export { GATEWAY_ENV } from './env';
export { distributedUpstreams } from './upstreams/distributed';
// The CLI's `huntforge tokens` commands manage tokens in the same way the HTTP routes do.
export { cliActor, createApiToken, createApiTokenAsCli, listApiTokens, revokeApiToken, revokeApiTokenAsCli } from './auth/api-tokens';
// `huntforge backup enable|disable|status` edit the host crontab the way the backup routes do.
export { backupScheduleDeps, getBackupCron, updateBackupSchedule, BACKUP_SCHEDULE_UPDATED } from './backup-schedule';
