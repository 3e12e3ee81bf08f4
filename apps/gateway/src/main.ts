import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { GATEWAY_ENV, createGatewayModule, distributedUpstreams } from '@huntforge/service-gateway';

// Distributed gateway: authenticates, then proxies each route prefix to its owning service's URL.
void runServiceAlone({
  service: 'gateway',
  defaultPort: SERVICES.gateway.defaultPort,
  createModule: (ctx) => createGatewayModule(ctx, distributedUpstreams(ctx.config)),
  env: GATEWAY_ENV,
});
