export { createGatewayModule } from './gateway-module';
export { distributedUpstreams } from './upstreams/distributed';
// The CLI's `huntforge tokens` commands manage tokens in the same way the HTTP routes do.
export { createApiToken, listApiTokens, revokeApiToken } from './auth/api-tokens';
