export { createGatewayModule } from './gateway-module';
export { distributedUpstreams, readinessCheck } from './upstreams/distributed';
export type { GatewayOptions, Upstream } from './upstreams/upstream';
export {
  createApiToken,
  listApiTokens,
  revokeApiToken,
  hashApiToken,
  generateApiToken,
  TokenNameTakenError,
  API_TOKEN_PATTERN,
  type GeneratedApiToken,
} from './auth/api-tokens';
export { ACTOR_HEADER, ROLE_HEADER } from './auth/principal';
export { SCHEDULED_JOBS_UPDATED } from './scheduled-jobs/update-scheduled-jobs';
