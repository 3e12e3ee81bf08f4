import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router, type Express } from 'express';
import { createHttpApp, finalizeHttpApp, type ServiceModule } from '@huntforge/platform';
import { createTestContext, type TestContext, type TestContextOptions } from './test-context';

export interface StartServiceOptions {
  /** Test context options (database, bus, environment); ignored when `ctx` is given. */
  context?: Omit<TestContextOptions, 'service'>;
  /** Reuse another service's context (a second replica on the same database and bus); close() leaves it open. */
  ctx?: TestContext;
  /** Routes mounted before the module's, e.g. an authentication middleware or an owning service's route. */
  before?: (app: Express, ctx: TestContext) => void;
  /** Serve the app on an ephemeral loopback port (default false: supertest needs no port). */
  listen?: boolean;
}

export interface ServiceUnderTest<M extends ServiceModule> {
  ctx: TestContext;
  module: M;
  app: Express;
  /** The listening base URL (`http://127.0.0.1:port`) when started with `listen: true`, else null. */
  url: string | null;
  /** Stops serving, then the module, and (when it made them) the scheduler and context. Safe to call twice. */
  close(): Promise<void>;
}

function listenOnLoopback(app: Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

/**
 * One service the way the runners boot it: a test context (migrated database, bus, captured logs, scheduler),
 * the module composed on it and started, its router between createHttpApp and finalizeHttpApp, optionally served.
 * Every service harness builds on this, so boot order and teardown are written once.
 */
export async function startServiceForTest<M extends ServiceModule>(
  service: string,
  compose: (ctx: TestContext) => M | Promise<M>,
  options: StartServiceOptions = {},
): Promise<ServiceUnderTest<M>> {
  const ctx = options.ctx ?? (await createTestContext({ ...options.context, service }));
  const ownsContext = !options.ctx;
  let module: M | null = null;
  let server: Server | null = null;
  const teardown = async (): Promise<void> => {
    if (server) await closeServer(server);
    if (module) await module.stop();
    if (!ownsContext) return;
    await ctx.scheduler.stop();
    await ctx.dispose();
  };
  try {
    module = await compose(ctx);
    await module.start();
    const app = createHttpApp({ logger: ctx.logger, serviceName: service });
    options.before?.(app, ctx);
    if (module.http) app.use(module.http.router);
    finalizeHttpApp(app);
    server = options.listen ? await listenOnLoopback(app) : null;
    const url = server ? `http://127.0.0.1:${(server.address() as AddressInfo).port}` : null;
    let closing: Promise<void> | null = null;
    return { ctx, module, app, url, close: () => (closing ??= teardown()) };
  } catch (error) {
    await teardown().catch(() => undefined);
    throw error;
  }
}

/**
 * Several modules as one, the way the all-in-one runner serves them on one app: routers mounted in order,
 * started in order, stopped in reverse.
 */
export function combineModules(name: string, modules: ServiceModule[]): ServiceModule {
  const router = Router();
  for (const module of modules) if (module.http) router.use(module.http.router);
  return {
    name,
    http: { prefixes: modules.flatMap((module) => module.http?.prefixes ?? []), router },
    async start() {
      for (const module of modules) await module.start();
    },
    async stop() {
      for (const module of [...modules].reverse()) await module.stop();
    },
  };
}
