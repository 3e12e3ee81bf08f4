import type { AppConfig } from './config';

/**
 * A log-safe view of the configuration for the startup line: URL passwords masked, the encryption
 * key reduced to whether it is set. Field names differ from AppConfig on purpose so the logger's
 * redaction of `databaseUrl`/`amqpUrl` does not hide the masked values too.
 */
export function describeConfig(config: AppConfig): Record<string, unknown> {
  const { databaseUrl, amqpUrl, settingsEncryptionKey, identitySigningKey, serviceUrls, ...plain } = config;
  return {
    ...plain,
    database: databaseUrl ? maskPassword(databaseUrl) : 'embedded (PGlite)',
    broker: amqpUrl ? maskPassword(amqpUrl) : 'in-process',
    services: serviceUrls,
    settingsEncryptionKeySet: settingsEncryptionKey !== undefined,
    identitySigningKeySet: identitySigningKey !== undefined,
  };
}

function maskPassword(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '[unparseable URL]';
  }
}
