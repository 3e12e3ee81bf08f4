import type { Bus } from '@huntforge/bus';
import { createSettingsReader } from '@huntforge/data';
import {
  captureLogs,
  createLogger,
  createScheduler,
  decodeEncryptionKey,
  loadConfig,
  type LogCapture,
  type ModuleContext,
} from '@huntforge/platform';
import { createTestBus, openTestDb, type TestBusKind } from '@huntforge/testing';

export interface TestContextOptions {
  db?: 'pglite' | 'postgres';
  bus?: TestBusKind;
  service?: string;
  /** Environment the config and the settings reader see (defaults: all-in-one, AUTH_MODE=off). */
  env?: Record<string, string | undefined>;
}

export interface TestContext extends ModuleContext {
  logs: LogCapture;
  /** The scratch PostgreSQL database's URL (also the config's DATABASE_URL), for clients such as pg_dump; null on PGlite. */
  databaseUrl: string | null;
  /** Closes bus then database. */
  dispose(): Promise<void>;
}

/**
 * A ModuleContext for a service test: migrated database (in-memory PGlite unless asked; on PostgreSQL its URL is
 * `databaseUrl` and the config's DATABASE_URL), a bus
 * (in-process unless asked), captured debug logs, a scheduler and a settings reader over `env`.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const service = options.service ?? 'test';
  const { db, url: databaseUrl } = await openTestDb(options.db ?? 'pglite');
  // The config sees the scratch database as a runner on PostgreSQL sees its own (DATABASE_URL), unless `env` says otherwise.
  const env: Record<string, string | undefined> = {
    AUTH_MODE: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  let bus: Bus;
  try {
    bus = await createTestBus(options.bus ?? 'in-process');
  } catch (error) {
    await db.close();
    throw error;
  }
  const logs = captureLogs();
  const logger = createLogger({ level: 'debug', service, destination: logs.stream });
  const config = loadConfig(env, { shape: 'all-in-one', service });
  const scheduler = createScheduler({ logger, locks: db.repos.jobLocks, runs: db.repos.jobRuns, holder: `${service}-test` });
  const key = env.SETTINGS_ENCRYPTION_KEY ? decodeEncryptionKey(env.SETTINGS_ENCRYPTION_KEY) : null;
  return {
    config,
    db,
    bus,
    logger,
    scheduler,
    settings: createSettingsReader(db.prisma, { encryptionKey: key, env }),
    logs,
    databaseUrl,
    async dispose() {
      await bus.close();
      await db.close();
    },
  };
}
