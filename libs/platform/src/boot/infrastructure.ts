import { hostname } from 'node:os';
import { createBus, type Bus } from '@huntforge/bus';
import { createDb, createSettingsReader, migrateDb, undecryptableSecrets, type Db } from '@huntforge/data';
import { decodeEncryptionKey } from '../config/encryption-key';
import type { AppConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { createAppMetrics, type AppMetrics } from '../metrics/app-metrics';
import { prometheusBusMetrics } from '../metrics/bus-metrics';
import { registerDbPoolMetrics } from '../metrics/db-pool-metrics';
import { createScheduler } from '../scheduler/scheduler';
import type { ModuleContext } from '../module';

export interface Infrastructure extends ModuleContext {
  metrics: AppMetrics;
  /** Closes bus then database; each failure is logged, not thrown, so shutdown always finishes. */
  close(): Promise<void>;
}

/**
 * Says at start, by name, which stored secrets the configured SETTINGS_ENCRYPTION_KEY cannot decrypt. The
 * service still starts (an admin can then re-enter or delete those settings through the API).
 */
async function reportUndecryptableSecrets(db: Db, encryptionKey: Buffer | null, logger: Logger): Promise<void> {
  const keys = await undecryptableSecrets(db.prisma, encryptionKey).catch(() => []);
  if (keys.length === 0) return;
  logger.error(
    { settings: keys },
    encryptionKey
      ? `SETTINGS_ENCRYPTION_KEY does not decrypt the stored ${keys.join(', ')}: set the key they were stored with, or store them again`
      : `SETTINGS_ENCRYPTION_KEY is not set, so the stored ${keys.join(', ')} cannot be read: set the key they were stored with`,
  );
}

/** Opens the database (migrating when asked) and the bus, and builds the scheduler every module shares. */
export async function openInfrastructure(config: AppConfig, logger: Logger, options: { migrate: boolean }): Promise<Infrastructure> {
  const metrics = createAppMetrics({ service: config.service });
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
    bus = await createBus({ amqpUrl: config.amqpUrl, logger: logger.child({ component: 'bus' }), metrics: prometheusBusMetrics(metrics) });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }

  registerDbPoolMetrics(metrics, db);

  const scheduler = createScheduler({
    logger: logger.child({ component: 'scheduler' }),
    locks: db.repos.jobLocks,
    runs: db.repos.jobRuns,
    configs: db.repos.scheduledJobs,
    holder: `${hostname()}:${process.pid}:${config.service}`,
    pollMs: config.scheduledJobsPollMs,
  });

  const encryptionKey = config.settingsEncryptionKey ? decodeEncryptionKey(config.settingsEncryptionKey) : null;
  await reportUndecryptableSecrets(db, encryptionKey, logger);

  return {
    config,
    db,
    bus,
    logger,
    scheduler,
    settings: createSettingsReader(db.prisma, { encryptionKey }),
    metrics,
    async close() {
      await bus.close().catch((error: unknown) => logger.error({ err: error }, 'bus close failed'));
      await db.close().catch((error: unknown) => logger.error({ err: error }, 'database close failed'));
    },
  };
}
