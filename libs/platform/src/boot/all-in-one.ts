import type { Router } from 'express';
import type { HealthCheck } from '../health';
import { createShutdown } from '../shutdown/shutdown';
import type { ModuleContext, ServiceModule, ServiceModuleFactory } from '../module';
import type { AppConfig } from '../config/config';
import { withLocalEncryptionKey } from '../config/local-encryption-key';
import type { Logger } from '../logging/logger';
import { Closers } from './closers';
import { openInfrastructure } from './infrastructure';
import { serve } from './serve';

export interface InProcessUpstream {
  service: string;
  prefixes: string[];
  router: Router;
}

export type GatewayFactory = (
  ctx: ModuleContext,
  options: { upstreams: InProcessUpstream[]; serviceHealth: Record<string, HealthCheck> },
) => ServiceModule | Promise<ServiceModule>;

export interface AllInOneOptions {
  config: AppConfig;
  logger: Logger;
  modules: Array<{ service: string; createModule: ServiceModuleFactory }>;
  createGateway: GatewayFactory;
  defaultPort: number;
  /** Ctrl-C / SIGTERM run the graceful shutdown (the CLI sets this; tests stop through the handle). */
  installSignalHandlers?: boolean;
}

export interface AllInOneHandle {
  url: string;
  ctx: ModuleContext;
  stop(): Promise<void>;
}

/**
 * All-in-one shape (the "monolithic mode"): every service module in one process on one database and bus
 * (embedded PGlite and the in-process bus unless DATABASE_URL / AMQP_URL say otherwise), behind one gateway.
 * Migrations always run first and a settings encryption key is made when none is set, so `npm start`
 * works on a fresh checkout.
 */
export async function startAllInOne(options: AllInOneOptions): Promise<AllInOneHandle> {
  const { logger } = options;
  const closers = new Closers();
  try {
    const { config, keyFile } = withLocalEncryptionKey(options.config);
    if (keyFile?.created) {
      logger.warn(
        { keyFile: keyFile.path },
        'generated a key for stored credentials (SETTINGS_ENCRYPTION_KEY was not set): back it up with the data directory',
      );
    }
    const infra = await openInfrastructure(config, logger, { migrate: true });
    closers.push('infrastructure', () => infra.close());

    const modules: ServiceModule[] = [];
    for (const { service, createModule } of options.modules) {
      modules.push(await createModule({ ...infra, logger: logger.child({ module: service }) }));
    }
    const started = new Set<string>();
    const serviceHealth: Record<string, HealthCheck> = {};
    for (const module of modules) {
      serviceHealth[module.name] = async () =>
        !started.has(module.name)
          ? { status: 'down', detail: { reason: 'not started' } }
          : module.health
            ? module.health()
            : { status: 'up' };
    }
    const upstreams: InProcessUpstream[] = modules.flatMap((module) =>
      module.http ? [{ service: module.name, prefixes: module.http.prefixes, router: module.http.router }] : [],
    );
    const gateway = await options.createGateway(
      { ...infra, logger: logger.child({ module: 'gateway' }) },
      {
        upstreams,
        serviceHealth,
      },
    );

    const url = await serve(infra, closers, {
      serviceName: 'all-in-one',
      router: gateway.http?.router,
      probes: gateway.http?.probes,
      modules: [...modules, gateway],
      defaultPort: options.defaultPort,
      onModuleStarted: (module) => started.add(module.name),
    });

    let stopping: Promise<void> | undefined;
    const stop = () => (stopping ??= closers.unwind(logger));
    if (options.installSignalHandlers) {
      const shutdown = createShutdown({ logger, timeoutMs: config.shutdownTimeoutMs });
      shutdown.add('all-in-one', stop);
      shutdown.installSignalHandlers();
    }
    return { url, ctx: infra, stop };
  } catch (error) {
    await closers.unwind(logger);
    throw error;
  }
}
