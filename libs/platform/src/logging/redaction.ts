/** What replaces a redacted value in every log line. */
export const REDACTED = '[redacted]';

const SECRET_KEYS = [
  'authorization',
  'cookie',
  'apiKey',
  'api_key',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'password',
  'secret',
  'clientSecret',
  'tokenHash',
  'settingsEncryptionKey',
  'databaseUrl',
  'amqpUrl',
];

// The identity signature and its nonce too: a logged pair could be replayed within the signature's lifetime. The body
// digest would confirm a guessed body (a password, a token being set), so it stays out as well.
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'x-auth-token',
  'x-huntforge-signature',
  'x-huntforge-nonce',
  'x-huntforge-body-sha256',
];

/**
 * pino redaction paths. pino wildcards match one level, so each secret key is covered at the top
 * level, one level down (`{ provider: { apiKey } }`) and two levels down. Settings values are
 * redacted wherever they appear under `settings`, since whether a setting is sensitive is only
 * known to the settings service.
 */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_HEADERS.flatMap((header) => [`req.headers["${header}"]`, `headers["${header}"]`]),
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  'settings.value',
  'settings.*.value',
  '*.settings.value',
  '*.settings.*.value',
];
