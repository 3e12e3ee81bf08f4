import type { Command } from 'commander';
import { SERVICES } from '@huntforge/contracts';
import { failStartup, loadStartupConfig, startAllInOne } from '@huntforge/platform';
import { ALL_IN_ONE_ENV, ALL_IN_ONE_MODULES, createAllInOneGateway } from '../all-in-one-modules';

export function registerStartCommand(program: Command): void {
  program
    .command('start')
    .description('run every service in one process (embedded PGlite and in-process bus unless DATABASE_URL / AMQP_URL are set)')
    .action(async () => {
      const { config, logger } = loadStartupConfig('all-in-one', 'all-in-one', ALL_IN_ONE_ENV);
      try {
        const handle = await startAllInOne({
          config,
          logger,
          modules: ALL_IN_ONE_MODULES,
          createGateway: createAllInOneGateway,
          defaultPort: SERVICES.gateway.defaultPort,
          installSignalHandlers: true,
        });
        const database = handle.ctx.db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
        const bus = handle.ctx.bus.kind === 'in-process' ? 'in-process bus' : 'RabbitMQ';
        process.stdout.write(`Huntforge is ready at ${handle.url} (all-in-one: ${database}, ${bus}). Press Ctrl-C to stop.\n`);
      } catch (error) {
        failStartup(logger, error);
      }
    });
}
