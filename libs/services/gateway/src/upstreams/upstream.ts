import type { Router } from 'express';
import type { HealthCheck } from '@huntforge/platform';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';

/**
 * A service behind the gateway. All-in-one hands over the module's router (mounted so it sees full
 * paths); distributed gives the service's base URL to proxy to. Which requests reach it is decided by
 * the contracts route table; `prefixes` is what the service declares and is checked against the table.
 */
export interface Upstream {
  /** A ServiceName; checked when the gateway is created. */
  service: string;
  prefixes: string[];
  router?: Router;
  url?: string;
}

export interface GatewayOptions {
  /** All-in-one: in-process routers; distributed: proxied URLs. */
  upstreams: Upstream[];
  /** Readiness per service for /api/health/services (all-in-one: the modules; distributed: GET <url>/health/ready). */
  serviceHealth: Record<string, HealthCheck>;
  /** The built web application (dist/web); undefined: found beside the code, null: not built. */
  webDistDir?: string | null;
  /** The rate limits' clock in epoch milliseconds (tests pin it so a window never turns mid-test); default Date.now. */
  rateLimitClock?: () => number;
  /**
   * Where the request limits count, instead of the one RATE_LIMIT_STORE names (tests hand in a store that fails, to
   * see requests let through); the sign-in throttle keeps its own. Default: the configured store.
   */
  rateLimitStore?: RateLimitStore;
}
