import type { Express } from 'express';
import type { Bus } from '@huntforge/bus';
import type { Role } from '@huntforge/contracts';
import type { Db } from '@huntforge/data';
import type { HealthCheck, LogCapture } from '@huntforge/platform';
import { startServiceForTest } from '@huntforge/service-testing';
import { createApiToken } from '../auth/api-tokens';
import { createGatewayModule } from '../gateway-module';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';
import type { Upstream } from '../upstreams/upstream';

export interface GatewayHarness {
  app: Express;
  db: Db;
  bus: Bus;
  logs: LogCapture;
  /** A fresh token with `role`; returns the clear-text token. */
  token(role: Role, name?: string): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  authMode?: 'required' | 'off';
  /** The database (default in-memory PGlite); on PostgreSQL the config's DATABASE_URL is the scratch database's. */
  db?: 'pglite' | 'postgres';
  /** ALLOWED_HOSTS for the browser guard. */
  allowedHosts?: string;
  upstreams?: Upstream[];
  serviceHealth?: Record<string, HealthCheck>;
  /** The built web application to serve (null: not built); default none, so specs never depend on a build. */
  webDistDir?: string | null;
  /** More configuration variables, e.g. RATE_LIMIT_PER_MINUTE; they win over the harness defaults. */
  env?: Record<string, string>;
  /** Pins the rate limits' clock (epoch ms); default the real clock. */
  rateLimitClock?: () => number;
  /** Replaces the request limiter's store (e.g. one that fails); default the one RATE_LIMIT_STORE names. */
  rateLimitStore?: RateLimitStore;
}

/** Off unless a spec sets them: a spec signs in and calls routes far faster than a person does. */
const NO_RATE_LIMITS = { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '0', RATE_LIMIT_SIGN_IN_PER_MINUTE: '0' };

let tokenCounter = 0;

/**
 * The gateway the way the runners compose it: createHttpApp → gateway router → finalizeHttpApp, on an
 * in-memory PGlite (or a scratch PostgreSQL database) and the in-process bus, with logs captured for assertions.
 */
export async function startGateway(options: HarnessOptions = {}): Promise<GatewayHarness> {
  const env = {
    AUTH_MODE: options.authMode ?? 'required',
    ...(options.allowedHosts ? { ALLOWED_HOSTS: options.allowedHosts } : {}),
    ...NO_RATE_LIMITS,
    ...options.env,
  };
  const { ctx, app, close } = await startServiceForTest(
    'gateway',
    (context) =>
      createGatewayModule(context, {
        upstreams: options.upstreams ?? [],
        serviceHealth: options.serviceHealth ?? {},
        webDistDir: options.webDistDir ?? null,
        rateLimitClock: options.rateLimitClock,
        rateLimitStore: options.rateLimitStore,
      }),
    { context: { env, db: options.db } },
  );
  return {
    app,
    db: ctx.db,
    bus: ctx.bus,
    logs: ctx.logs,
    async token(role, name = `test-${role}-${++tokenCounter}`) {
      return (await createApiToken(ctx.db.repos.apiTokens, { name, role })).token;
    },
    close,
  };
}
