import { z } from 'zod';
import { decodeEncryptionKey } from './encryption-key';

/*
 * One schema per environment variable. Messages never echo the value: several variables carry
 * credentials (URLs with passwords, the encryption key) and the problem list is printed on exit.
 */

function urlWithProtocol(protocols: readonly string[]) {
  const expected = protocols.map((p) => `${p}//`).join(' or ');
  return z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${expected}` },
  );
}

function integerInRange(min: number, max: number) {
  return z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, {
      error: `must be an integer from ${min} to ${max}`,
    })
    .transform(Number);
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

const booleanFlag = z
  .string()
  .refine((value) => /^(true|false|1|0)$/i.test(value), { error: 'must be true, false, 1 or 0' })
  .transform((value) => /^(true|1)$/i.test(value));

const httpUrl = urlWithProtocol(['http:', 'https:']);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const AUTH_MODES = ['required', 'off'] as const;
export const RATE_LIMIT_STORES = ['memory', 'database'] as const;
export const NONCE_STORES = ['memory', 'database'] as const;

export const envSchema = z.object({
  NODE_ENV: oneOf(NODE_ENVS).default('development'),
  LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
  HOST: z
    .string()
    .regex(/^[^\s/]+$/, { error: 'must be a hostname or IP address' })
    .default('127.0.0.1'),
  // 0 asks the OS for a free port (tests, benchmarks); the bound URL is logged and printed.
  PORT: integerInRange(0, 65535).optional(),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  AMQP_URL: urlWithProtocol(['amqp:', 'amqps:']).optional(),
  DATA_DIR: z.string().default('.data'),
  AUTH_MODE: oneOf(AUTH_MODES).optional(),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i, { error: 'must be a size such as 512kb or 1mb' })
    .default('1mb'),
  SHUTDOWN_TIMEOUT_MS: integerInRange(1, 3_600_000).default(15_000),
  SCHEDULER_ENABLED: booleanFlag.default(true),
  SCHEDULED_JOBS_POLL_SECONDS: integerInRange(1, 86_400).default(30),
  // How long a browser sign-in lasts (AUTH_MODE=required); at most 30 days.
  SESSION_TTL_HOURS: integerInRange(1, 720).default(12),
  // Gateway requests per minute per API token (or per client address when there is none); 0 turns a limit off.
  // Defaults sit well above what one person's browser sends, polling pages included.
  RATE_LIMIT_PER_MINUTE: integerInRange(0, 1_000_000).default(1200),
  // Routes that fetch, train, embed or start pipelines (scrape-url, workflow triggers, retrain, semantic search).
  RATE_LIMIT_EXPENSIVE_PER_MINUTE: integerInRange(0, 1_000_000).default(60),
  // Sign-in attempts per client address, on top of the refusal after ten failures in 15 minutes.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: integerInRange(0, 1_000_000).default(20),
  // Where the counts live: memory (one process) or database (shared by every gateway replica).
  // Unset: memory in the all-in-one shape, database in the distributed shape.
  RATE_LIMIT_STORE: oneOf(RATE_LIMIT_STORES).optional(),
  // Reverse proxies (IP addresses or CIDR ranges, comma-separated) whose X-Forwarded-For the gateway believes
  // when it tells clients apart for sign-in lock-outs and rate limits. Unset: none, every peer counts as itself.
  TRUSTED_PROXIES: z.string().trim().optional(),
  INGESTION_URL: httpUrl.optional(),
  WORKFLOW_URL: httpUrl.optional(),
  CONTENT_FILTER_URL: httpUrl.optional(),
  SIGMA_QUEUE_URL: httpUrl.optional(),
  MCP_URL: httpUrl.optional(),
  // Shared by the gateway and the services: the gateway signs the identity it forwards with it.
  IDENTITY_SIGNING_KEY: z
    .string()
    .refine((value) => decodeEncryptionKey(value) !== null, {
      error: 'must be 32 bytes written as 64 hex characters or as base64',
    })
    .optional(),
  // Where the services keep the identity-signature nonces they accepted: memory (one process) or database (shared
  // by every replica, so a replay against another replica is refused). Unset: memory all-in-one, database distributed.
  IDENTITY_NONCE_STORE: oneOf(NONCE_STORES).optional(),
  // Host names the gateway answers to besides loopback names and IP literals (DNS-rebinding defence).
  ALLOWED_HOSTS: z
    .string()
    .regex(/^\s*(\*\.)?[a-z0-9.-]+(:\d+)?\s*(,\s*(\*\.)?[a-z0-9.-]+(:\d+)?\s*)*$/i, {
      error: 'must be a comma-separated list of host names, e.g. huntforge.example.com,*.corp.example',
    })
    .optional(),
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .refine((value) => decodeEncryptionKey(value) !== null, {
      error: 'must be 32 bytes written as 64 hex characters or as base64',
    })
    .optional(),
});

export type EnvVariable = keyof typeof envSchema.shape;
export const ENV_VARIABLES = Object.keys(envSchema.shape) as EnvVariable[];

/** The variables we read, trimmed; empty strings count as unset (as `.env` files and compose files write them). */
export function pickEnv(env: NodeJS.ProcessEnv): Partial<Record<EnvVariable, string>> {
  const picked: Partial<Record<EnvVariable, string>> = {};
  for (const name of ENV_VARIABLES) {
    const value = env[name]?.trim();
    if (value) picked[name] = value;
  }
  return picked;
}
