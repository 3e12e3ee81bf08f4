import { z } from 'zod';

/** Every deployable app of Huntforge; the gateway is the public entry point for the others. */
export const SERVICE_NAMES = ['gateway', 'ingestion', 'workflow', 'content-filter', 'sigma-queue', 'mcp'] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

export const serviceNameSchema = z.enum(SERVICE_NAMES);

export interface ServiceDescriptor {
  name: ServiceName;
  /** Port the app listens on when PORT is not set. */
  defaultPort: number;
  /** Environment variable the distributed gateway reads the service's base URL from (none for the gateway itself). */
  urlEnvVar: string | null;
}

export const SERVICES: Readonly<Record<ServiceName, ServiceDescriptor>> = {
  gateway: { name: 'gateway', defaultPort: 8080, urlEnvVar: null },
  ingestion: { name: 'ingestion', defaultPort: 8081, urlEnvVar: 'INGESTION_URL' },
  workflow: { name: 'workflow', defaultPort: 8082, urlEnvVar: 'WORKFLOW_URL' },
  'content-filter': { name: 'content-filter', defaultPort: 8083, urlEnvVar: 'CONTENT_FILTER_URL' },
  'sigma-queue': { name: 'sigma-queue', defaultPort: 8084, urlEnvVar: 'SIGMA_QUEUE_URL' },
  mcp: { name: 'mcp', defaultPort: 8085, urlEnvVar: 'MCP_URL' },
};

/** The services the gateway forwards to (all but itself). */
export const UPSTREAM_SERVICE_NAMES = SERVICE_NAMES.filter((name): name is Exclude<ServiceName, 'gateway'> => name !== 'gateway');

export type UpstreamServiceName = Exclude<ServiceName, 'gateway'>;

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}
