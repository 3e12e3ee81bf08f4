import { installationFolders, type InstallationFolders } from '@huntforge/backup';
import { SERVICES } from '@huntforge/contracts';
import { isLoopbackHost, loadConfig, loadDotEnv, type AppConfig } from '@huntforge/platform';

export interface BackupEnvironment {
  config: AppConfig;
  folders: InstallationFolders;
  /** Where the running service answers, for a backup taken through its API. */
  serviceUrl: string;
  /** HUNTFORGE_TOKEN, sent as a bearer token (not needed with AUTH_MODE=off on loopback). */
  token: string | undefined;
}

/** The service's own configuration (.env, DATA_DIR, DATABASE_URL, BACKUP_DIR), read the way `huntforge start` reads it. */
export function backupEnvironment(env: NodeJS.ProcessEnv = process.env): BackupEnvironment {
  loadDotEnv();
  const config = loadConfig(env, { shape: 'all-in-one', service: 'cli' });
  const host = config.host === '0.0.0.0' || config.host === '::' || isLoopbackHost(config.host) ? '127.0.0.1' : config.host;
  const serviceUrl = env['HUNTFORGE_URL']?.trim() || `http://${host}:${config.port ?? SERVICES.gateway.defaultPort}`;
  return { config, folders: installationFolders(config.dataDir, env), serviceUrl, token: env['HUNTFORGE_TOKEN']?.trim() || undefined };
}
