import { SERVICES, UPSTREAM_SERVICE_NAMES, routePrefixesOf, type UpstreamServiceName } from '@huntforge/contracts';
import type { AppConfig, ComponentHealth, HealthCheck } from '@huntforge/platform';
import type { GatewayOptions, Upstream } from './upstream';

const READINESS_TIMEOUT_MS = 3_000;

const URL_KEY: Record<UpstreamServiceName, keyof AppConfig['serviceUrls']> = {
  ingestion: 'ingestion',
  workflow: 'workflow',
  'content-filter': 'contentFilter',
  'sigma-queue': 'sigmaQueue',
  mcp: 'mcp',
};

/** GET <url>/health/ready: up on 2xx, down on anything else or no answer within the timeout. */
export function readinessCheck(baseUrl: string, timeoutMs: number = READINESS_TIMEOUT_MS): HealthCheck {
  const probeUrl = new URL('/health/ready', baseUrl).toString();
  return async (): Promise<ComponentHealth> => {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const response = await fetch(probeUrl, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.ok
        ? { status: 'up', latencyMs: latency() }
        : { status: 'down', latencyMs: latency(), detail: { httpStatus: response.status } };
    } catch (error) {
      return { status: 'down', latencyMs: latency(), detail: { reason: error instanceof Error ? error.message : String(error) } };
    }
  };
}

function notConfigured(service: UpstreamServiceName): HealthCheck {
  const variable = SERVICES[service].urlEnvVar;
  return async () => ({ status: 'down', detail: { reason: `${variable} is not set` } });
}

/**
 * Distributed shape: every service is reached over HTTP at the URL its environment variable names. A
 * service without a URL still gets an upstream (answering 502 upstream_unavailable) and a health entry
 * saying which variable is missing, so a half-configured gateway is visible instead of a wall of 404s.
 */
export function distributedUpstreams(config: AppConfig): GatewayOptions {
  const upstreams: Upstream[] = [];
  const serviceHealth: Record<string, HealthCheck> = {};
  for (const service of UPSTREAM_SERVICE_NAMES) {
    const url = config.serviceUrls[URL_KEY[service]];
    upstreams.push({ service, prefixes: routePrefixesOf(service), ...(url ? { url } : {}) });
    serviceHealth[service] = url ? readinessCheck(url) : notConfigured(service);
  }
  return { upstreams, serviceHealth };
}
