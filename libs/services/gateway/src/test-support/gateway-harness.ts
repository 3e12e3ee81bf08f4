import type { Express } from 'express';
import type { Bus } from '@huntforge/bus';
import type { Role } from '@huntforge/contracts';
import { createSettingsReader, type Db } from '@huntforge/data';
import {
  captureLogs,
  createHttpApp,
  createLogger,
  createScheduler,
  finalizeHttpApp,
  loadConfig,
  type HealthCheck,
  type LogCapture,
} from '@huntforge/platform';
import { createTestBus, createTestDb } from '@huntforge/testing';
import { createApiToken } from '../auth/api-tokens';
import { createGatewayModule } from '../gateway-module';
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
}

/** Off unless a spec sets them: a spec signs in and calls routes far faster than a person does. */
const NO_RATE_LIMITS = { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '0', RATE_LIMIT_SIGN_IN_PER_MINUTE: '0' };

let tokenCounter = 0;

/**
 * The gateway the way the runners compose it: createHttpApp → gateway router → finalizeHttpApp, on an
 * in-memory PGlite and the in-process bus, with logs captured for assertions.
 */
export async function startGateway(options: HarnessOptions = {}): Promise<GatewayHarness> {
  const db = await createTestDb('pglite');
  const bus = await createTestBus('in-process');
  const dispose = async () => {
    await bus.close();
    await db.close();
  };
  try {
    return await composeGateway(db, bus, options, dispose);
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function composeGateway(db: Db, bus: Bus, options: HarnessOptions, dispose: () => Promise<void>): Promise<GatewayHarness> {
  const logs = captureLogs();
  const logger = createLogger({ level: 'debug', service: 'gateway', destination: logs.stream });
  const config = loadConfig(
    {
      AUTH_MODE: options.authMode ?? 'required',
      ...(options.allowedHosts ? { ALLOWED_HOSTS: options.allowedHosts } : {}),
      ...NO_RATE_LIMITS,
      ...options.env,
    },
    { shape: 'all-in-one', service: 'gateway' },
  );
  const scheduler = createScheduler({ logger, locks: db.repos.jobLocks, runs: db.repos.jobRuns, holder: 'gateway-test' });

  const module = createGatewayModule(
    { config, db, bus, logger, scheduler, settings: createSettingsReader(db.prisma, { env: {} }) },
    {
      upstreams: options.upstreams ?? [],
      serviceHealth: options.serviceHealth ?? {},
      webDistDir: options.webDistDir ?? null,
      rateLimitClock: options.rateLimitClock,
    },
  );
  const app = createHttpApp({ logger, serviceName: 'gateway' });
  if (module.http) app.use(module.http.router);
  finalizeHttpApp(app);
  await module.start();

  return {
    app,
    db,
    bus,
    logs,
    async token(role, name = `test-${role}-${++tokenCounter}`) {
      return (await createApiToken(db.repos.apiTokens, { name, role })).token;
    },
    async close() {
      await module.stop();
      await dispose();
    },
  };
}
