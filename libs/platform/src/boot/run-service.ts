import { createShutdown } from '../shutdown/shutdown';
import type { ServiceModuleFactory } from '../module';
import { Closers } from './closers';
import { openInfrastructure } from './infrastructure';
import { serve } from './serve';
import { failStartup, loadStartupConfig } from './startup';
import { decodeEncryptionKey } from '../config/encryption-key';
import type { AppConfig, EnvSchema } from '../config/config';

function signingKeyOf(config: AppConfig): Buffer {
  const key = config.identitySigningKey ? decodeEncryptionKey(config.identitySigningKey) : null;
  if (!key) throw new Error('IDENTITY_SIGNING_KEY is required in the distributed shape');
  return key;
}

export interface RunServiceOptions {
  service: string;
  defaultPort: number;
  createModule: ServiceModuleFactory;
  /** The service's own variables, checked with the shared ones before the database is opened or migrated. */
  env?: readonly EnvSchema[];
}

/**
 * Distributed shape: one service per process on PostgreSQL and RabbitMQ, with its own health probes and
 * graceful shutdown. Missing DATABASE_URL or AMQP_URL is a configuration error, never a silent fallback.
 * Migrations run here only with MIGRATE_ON_START=true; a deployment normally runs `db:migrate` once.
 */
export async function runServiceAlone(options: RunServiceOptions): Promise<void> {
  const { config, logger } = loadStartupConfig('distributed', options.service, options.env);
  const closers = new Closers();
  try {
    const infra = await openInfrastructure(config, logger, { migrate: process.env['MIGRATE_ON_START'] === 'true' });
    closers.push('infrastructure', () => infra.close());

    const module = await options.createModule(infra);
    const moduleHealth = module.health?.bind(module);

    const url = await serve(infra, closers, {
      serviceName: options.service,
      extraProbes: moduleHealth ? { [module.name]: moduleHealth } : {},
      router: module.http?.router,
      probes: module.http?.probes,
      modules: [module],
      defaultPort: options.defaultPort,
      // Every app but the gateway is reached only through it (or mcp's forwarded writes), always signed.
      identitySigningKey: options.service === 'gateway' ? undefined : signingKeyOf(config),
    });

    const shutdown = createShutdown({ logger, timeoutMs: config.shutdownTimeoutMs });
    closers.registerWith(shutdown);
    shutdown.installSignalHandlers();
    logger.info({ url }, `${options.service} listening`);
  } catch (error) {
    await closers.unwind(logger);
    failStartup(logger, error);
  }
}
