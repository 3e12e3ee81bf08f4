import { createHttpApp, finalizeHttpApp } from '../http';
import { checkBus, checkDatabase, createProbeRouter, type HealthCheck } from '../health';
import { createShutdown } from '../shutdown/shutdown';
import type { ServiceModuleFactory } from '../module';
import { Closers } from './closers';
import { openInfrastructure } from './infrastructure';
import { closeServer, listen, PROBE_PATHS, serverUrl } from './listen';
import { failStartup, loadStartupConfig } from './startup';

export interface RunServiceOptions {
  service: string;
  defaultPort: number;
  createModule: ServiceModuleFactory;
}

/**
 * Distributed shape: one service per process on PostgreSQL and RabbitMQ, with its own health probes and
 * graceful shutdown. Missing DATABASE_URL or AMQP_URL is a configuration error, never a silent fallback.
 * Migrations run here only with MIGRATE_ON_START=true; a deployment normally runs `db:migrate` once.
 */
export async function runServiceAlone(options: RunServiceOptions): Promise<void> {
  const { config, logger } = loadStartupConfig('distributed', options.service);
  const closers = new Closers();
  try {
    const infra = await openInfrastructure(config, logger, { migrate: process.env['MIGRATE_ON_START'] === 'true' });
    closers.push('infrastructure', () => infra.close());

    const module = await options.createModule(infra);
    const checks: Record<string, HealthCheck> = {
      database: () => checkDatabase(infra.db),
      bus: () => checkBus(infra.bus),
    };
    const moduleHealth = module.health?.bind(module);
    if (moduleHealth) checks[module.name] = moduleHealth;

    const app = createHttpApp({ logger, serviceName: options.service, quietPaths: PROBE_PATHS });
    app.use(createProbeRouter(checks));
    if (module.http) app.use(module.http.router);
    finalizeHttpApp(app);

    await module.start();
    closers.push(`module ${module.name}`, () => module.stop());
    if (config.schedulerEnabled) await infra.scheduler.start();
    closers.push('scheduler', () => infra.scheduler.stop());

    const server = await listen(app, config.port ?? options.defaultPort, config.host);
    closers.push('http', () => closeServer(server));

    const shutdown = createShutdown({ logger, timeoutMs: config.shutdownTimeoutMs });
    closers.registerWith(shutdown);
    shutdown.installSignalHandlers();
    logger.info({ url: serverUrl(server, config.host) }, `${options.service} listening`);
  } catch (error) {
    await closers.unwind(logger);
    failStartup(logger, error);
  }
}
