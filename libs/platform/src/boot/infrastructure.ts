import { hostname } from 'node:os';
import { createBus, type Bus } from '@huntforge/bus';
import { createDb, createSettingsReader, migrateDb, type Db } from '@huntforge/data';
import { decodeEncryptionKey } from '../config/encryption-key';
import type { AppConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { createScheduler } from '../scheduler/scheduler';
import type { ModuleContext } from '../module';

export interface Infrastructure extends ModuleContext {
  /** Closes bus then database; each failure is logged, not thrown, so shutdown always finishes. */
  close(): Promise<void>;
}

/** Opens the database (migrating when asked) and the bus, and builds the scheduler every module shares. */
export async function openInfrastructure(
  config: AppConfig,
  logger: Logger,
  options: { migrate: boolean },
): Promise<Infrastructure> {
  const db: Db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (options.migrate) {
      const { applied } = await migrateDb(db);
      if (applied.length > 0) logger.info({ applied }, 'database migrations applied');
    }
    await db.ping();
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }

  let bus: Bus;
  try {
    bus = await createBus({ amqpUrl: config.amqpUrl, logger: logger.child({ component: 'bus' }) });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }

  const scheduler = createScheduler({
    logger: logger.child({ component: 'scheduler' }),
    locks: db.repos.jobLocks,
    runs: db.repos.jobRuns,
    configs: db.repos.scheduledJobs,
    holder: `${hostname()}:${process.pid}:${config.service}`,
    pollMs: config.scheduledJobsPollMs,
  });

  return {
    config,
    db,
    bus,
    logger,
    scheduler,
    settings: createSettingsReader(db.prisma, {
      encryptionKey: config.settingsEncryptionKey ? decodeEncryptionKey(config.settingsEncryptionKey) : null,
    }),
    async close() {
      await bus.close().catch((error: unknown) => logger.error({ err: error }, 'bus close failed'));
      await db.close().catch((error: unknown) => logger.error({ err: error }, 'database close failed'));
    },
  };
}
