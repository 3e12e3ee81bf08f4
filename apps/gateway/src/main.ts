import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { createGatewayModule, distributedUpstreams } from '@huntforge/service-gateway';

// Distributed gateway: authenticates, then proxies each route prefix to its owning service's URL.
void runServiceAlone({
  service: 'gateway',
  defaultPort: SERVICES.gateway.defaultPort,
  createModule: (ctx) => createGatewayModule(ctx, distributedUpstreams(ctx.config)),
});
