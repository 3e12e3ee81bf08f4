import { Router } from 'express';
import { createHttpApp, createMemoryNonceLedger, createSharedNonceLedger, finalizeHttpApp, requireSignedIdentity } from '../http';
import { checkBus, checkDatabase, createProbeRouter, type HealthCheck } from '../health';
import { metricsRouter, METRICS_PATH } from '../metrics/metrics-router';
import type { ServiceModule } from '../module';
import { respondToJobRuns } from '../scheduler/job-run-responders';
import type { Closers } from './closers';
import type { Infrastructure } from './infrastructure';
import { closeServer, listen, PROBE_PATHS, serverUrl } from './listen';

export interface ServeOptions {
  serviceName: string;
  /** Readiness checks behind /health/ready besides the database and the bus, which are always checked. */
  extraProbes?: Record<string, HealthCheck>;
  /** The routes this process serves (a module's own, or the gateway's in all-in-one). */
  router?: Router;
  /** The module's own health probes (the gateway's /health), answered ahead of everything but metrics. */
  probes?: Router;
  /** Services behind the gateway: refuse requests without its identity signature (probes excepted). */
  identitySigningKey?: Buffer;
  /** Started in order, stopped in reverse. */
  modules: ServiceModule[];
  defaultPort: number;
  onModuleStarted?(module: ServiceModule): void;
}

/**
 * What both shapes do once their modules exist: one HTTP app (probes, routes, 404s and error mapping),
 * the modules started, then the scheduler, then the listener. Each step goes on `closers`, so a start-up
 * failure or a shutdown unwinds exactly what was started, last first. Resolves with the bound URL.
 */
export async function serve(infra: Infrastructure, closers: Closers, options: ServeOptions): Promise<string> {
  const { config } = infra;
  const probes = Router();
  probes.use(
    createProbeRouter({
      database: () => checkDatabase(infra.db),
      bus: () => checkBus(infra.bus),
      ...options.extraProbes,
    }),
  );
  if (options.probes) probes.use(options.probes);
  const app = createHttpApp({
    logger: infra.logger,
    serviceName: options.serviceName,
    // Scrapes come every few seconds, like probes: counted, not request-logged.
    quietPaths: [...PROBE_PATHS, METRICS_PATH],
    metrics: infra.metrics,
    probes: { paths: PROBE_PATHS, handler: probes },
  });
  // Before the identity check and the gateway's router: public on every app (see metricsRouter).
  app.use(metricsRouter(infra.metrics));
  if (options.identitySigningKey) {
    const nonces =
      config.identityNonceStore === 'database' ? createSharedNonceLedger(infra.db.repos.signatureNonces) : createMemoryNonceLedger();
    app.use(requireSignedIdentity({ key: options.identitySigningKey, exemptPaths: [...PROBE_PATHS, METRICS_PATH], nonces }));
  }
  if (options.router) app.use(options.router);
  finalizeHttpApp(app);

  for (const module of options.modules) {
    await module.start();
    closers.push(`module ${module.name}`, () => module.stop());
    options.onModuleStarted?.(module);
  }
  if (config.schedulerEnabled) await infra.scheduler.start();
  closers.push('scheduler', () => infra.scheduler.stop());
  // Manual runs are answered even where the schedule is off (SCHEDULER_ENABLED=false): the job's lease
  // still keeps two replicas from running it at once.
  const responders = await respondToJobRuns(infra.bus, infra.scheduler);
  closers.push('job run responders', async () => {
    await Promise.all(responders.map((responder) => responder.cancel()));
  });

  const server = await listen(app, config.port ?? options.defaultPort, config.host);
  closers.push('http', () => closeServer(server));
  return serverUrl(server, config.host);
}
