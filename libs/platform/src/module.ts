import type { Router } from 'express';
import type { Bus } from '@huntforge/bus';
import type { Db, SettingsReader } from '@huntforge/data';
import type { Logger } from './logging/logger';
import type { AppMetrics } from './metrics/app-metrics';
import type { AppConfig } from './config/config';
import type { Scheduler } from './scheduler/scheduler';

/** What a service module receives; it never knows which shape (all-in-one or distributed) it runs in. */
export interface ModuleContext {
  config: AppConfig;
  db: Db;
  bus: Bus;
  logger: Logger;
  scheduler: Scheduler;
  /** Runtime settings: a stored value wins over the environment variable of the same name. */
  settings: SettingsReader;
  /**
   * The process's metrics registry (one per process, shared by every module in all-in-one). Absent in
   * contexts built without one (tests), so a module's metric hooks are written `ctx.metrics?.…`.
   */
  metrics?: AppMetrics;
}

export interface ComponentHealth {
  status: 'up' | 'down' | 'degraded';
  latencyMs?: number;
  detail?: Record<string, unknown>;
}

/** Routes a module serves, mounted at the given path prefixes (all under the gateway's route table). */
export interface MountedRouter {
  /** Path prefixes this router owns, e.g. ['/api/sources', '/api/articles']; the router sees full paths. */
  prefixes: string[];
  router: Router;
  /** Health probes among those routes (paths in PROBE_PATHS), which the runners answer ahead of every other layer. */
  probes?: Router;
}

/**
 * One service's code, composed alone (distributed: apps/<name>/src/main.ts) or beside the others
 * (all-in-one runner). `start` subscribes consumers and registers jobs; `stop` undoes both and waits
 * for in-flight work.
 */
export interface ServiceModule {
  readonly name: string;
  readonly http?: MountedRouter;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Extra readiness beyond database and bus (e.g. a model loaded). */
  health?(): Promise<ComponentHealth>;
}

export type ServiceModuleFactory = (ctx: ModuleContext) => Promise<ServiceModule> | ServiceModule;
