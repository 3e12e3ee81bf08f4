import type { z } from 'zod';
import { ConfigError } from './config-error';
import { describeEnvIssue, envProblems, type EnvSchema } from './env-problems';
import { envSchema, pickEnv, type EnvVariable } from './env-schema';
import { isLoopbackHost } from './loopback';

export { ConfigError, formatConfigProblems } from './config-error';
export { loadDotEnv, type LoadDotEnvOptions } from './dotenv';
export { decodeEncryptionKey } from './encryption-key';
export { envProblems, type EnvSchema } from './env-problems';
export { envSchema as SHARED_ENV } from './env-schema';
export { isLoopbackHost } from './loopback';

export type Shape = 'all-in-one' | 'distributed';

export interface ServiceUrls {
  ingestion?: string;
  workflow?: string;
  contentFilter?: string;
  sigmaQueue?: string;
  mcp?: string;
}

export interface AppConfig {
  shape: Shape;
  /** e.g. 'gateway', 'ingestion', 'all-in-one'. */
  service: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  host: string;
  /** Unset means the booter applies the service's default port. */
  port?: number;
  databaseUrl?: string;
  amqpUrl?: string;
  dataDir: string;
  authMode: 'required' | 'off';
  bodyLimit: string;
  shutdownTimeoutMs: number;
  schedulerEnabled: boolean;
  scheduledJobsPollMs: number;
  /** Lifetime of a browser session cookie (SESSION_TTL_HOURS). */
  sessionTtlMs: number;
  serviceUrls: ServiceUrls;
  /** 32 bytes as hex or base64; never logged (see describeConfig). */
  settingsEncryptionKey?: string;
  /** 32 bytes as hex or base64, shared by the gateway and every service (distributed shape); never logged. */
  identitySigningKey?: string;
  /** Where accepted signature nonces live (IDENTITY_NONCE_STORE): replicas of a service must share them. */
  identityNonceStore: 'memory' | 'database';
  /** Public host names the gateway answers to, besides loopback names and IP literals (ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** The gateway's request limits per minute (0: off) and where their counts live. */
  rateLimits: RateLimitConfig;
}

export interface RateLimitConfig {
  perMinute: number;
  expensivePerMinute: number;
  signInPerMinute: number;
  store: 'memory' | 'database';
  /** TRUSTED_PROXIES: the reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For is believed; none by default. */
  trustedProxies: string[];
}

export interface LoadConfigOptions {
  shape: Shape;
  service: string;
  /** The own variables of the services this process runs, checked with the shared ones (all problems at once). */
  serviceEnv?: readonly EnvSchema[];
}

type Env = z.infer<typeof envSchema>;

/**
 * Reads and validates the whole configuration. Throws ConfigError listing every problem at once, so
 * an operator fixes a deployment in one round instead of one variable per restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions): AppConfig {
  const raw = pickEnv(env);
  const parsed = envSchema.safeParse(raw);
  const problems = parsed.success ? [] : parsed.error.issues.map(describeEnvIssue);
  problems.push(...crossVariableProblems(raw, options));
  for (const schema of options.serviceEnv ?? []) {
    for (const problem of envProblems(schema, env)) if (!problems.includes(problem)) problems.push(problem);
  }

  if (!parsed.success || problems.length > 0) throw new ConfigError(options.service, problems);
  return toAppConfig(parsed.data, options);
}

/** Rules between variables; they read raw values so they report even when a single variable is malformed. */
function crossVariableProblems(raw: Partial<Record<EnvVariable, string>>, options: LoadConfigOptions): string[] {
  const problems: string[] = [];

  if (options.shape === 'distributed') {
    const missing = (['DATABASE_URL', 'AMQP_URL', 'IDENTITY_SIGNING_KEY'] as const).filter((name) => raw[name] === undefined);
    const what = {
      DATABASE_URL: 'a postgresql:// URL',
      AMQP_URL: 'an amqp:// URL',
      IDENTITY_SIGNING_KEY: 'the same 32-byte key (64 hex characters) on the gateway and every service',
    };
    for (const name of missing) {
      problems.push(`${name}: required when ${options.service} runs as its own process (distributed shape); set it to ${what[name]}`);
    }
  }

  if (raw.AUTH_MODE === 'off') {
    const host = raw.HOST ?? '127.0.0.1';
    if (options.shape !== 'all-in-one') {
      problems.push(`AUTH_MODE: "off" is allowed only in the all-in-one shape on a loopback host; ${options.service} runs distributed`);
    } else if (!isLoopbackHost(host)) {
      problems.push(`AUTH_MODE: "off" is allowed only when HOST is a loopback address (127.0.0.0/8, ::1, localhost); HOST is ${host}`);
    }
  }

  return problems;
}

function toAppConfig(env: Env, options: LoadConfigOptions): AppConfig {
  const openByDefault = options.shape === 'all-in-one' && isLoopbackHost(env.HOST);
  return {
    shape: options.shape,
    service: options.service,
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    amqpUrl: env.AMQP_URL,
    dataDir: env.DATA_DIR,
    authMode: env.AUTH_MODE ?? (openByDefault ? 'off' : 'required'),
    bodyLimit: env.BODY_LIMIT,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    schedulerEnabled: env.SCHEDULER_ENABLED,
    scheduledJobsPollMs: env.SCHEDULED_JOBS_POLL_SECONDS * 1000,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3_600_000,
    serviceUrls: withoutUndefined({
      ingestion: env.INGESTION_URL,
      workflow: env.WORKFLOW_URL,
      contentFilter: env.CONTENT_FILTER_URL,
      sigmaQueue: env.SIGMA_QUEUE_URL,
      mcp: env.MCP_URL,
    }),
    settingsEncryptionKey: env.SETTINGS_ENCRYPTION_KEY,
    identitySigningKey: env.IDENTITY_SIGNING_KEY,
    // One process remembers alone; replicas must share what they accepted or each would accept a replay once.
    identityNonceStore: env.IDENTITY_NONCE_STORE ?? (options.shape === 'all-in-one' ? 'memory' : 'database'),
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    rateLimits: {
      perMinute: env.RATE_LIMIT_PER_MINUTE,
      expensivePerMinute: env.RATE_LIMIT_EXPENSIVE_PER_MINUTE,
      signInPerMinute: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      // One process counts alone; replicas must share their counts or each would allow the full limit.
      store: env.RATE_LIMIT_STORE ?? (options.shape === 'all-in-one' ? 'memory' : 'database'),
      trustedProxies: (env.TRUSTED_PROXIES ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    },
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
