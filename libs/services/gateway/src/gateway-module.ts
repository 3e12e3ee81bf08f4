import { Router } from 'express';
import { decodeEncryptionKey, type ModuleContext, type ServiceModule } from '@huntforge/platform';
import { auditRouter } from './audit/audit-router';
import { createAuthMiddleware } from './auth/authenticate';
import { sessionRouter } from './auth/session-router';
import { docsRouter } from './docs/docs-router';
import { healthRouter } from './health/health-router';
import { browserGuard } from './origin/browser-guard';
import { scheduledJobsRouter } from './scheduled-jobs/scheduled-jobs-router';
import { settingsRoutes } from './settings/settings-routes';
import { tokensRouter } from './tokens/tokens-router';
import { createUpstreamDispatcher } from './upstreams/dispatcher';
import type { GatewayOptions } from './upstreams/upstream';
import { findWebDist } from './web/web-assets';
import { webRouter } from './web/web-router';

/**
 * The public HTTP surface. Order matters: the browser guard (host, origin, JSON bodies) first, then public health, docs and the web pages, then authentication (which
 * lets the remaining public paths through and enforces roles on the rest), the gateway's own routes,
 * and last the upstreams. The router serves full paths; mount it at `/`.
 */
export function createGatewayModule(ctx: ModuleContext, options: GatewayOptions): ServiceModule {
  const { db, bus, logger, config } = ctx;
  const router = Router();
  router.use(browserGuard({ allowedHosts: config.allowedHosts }));
  router.use(healthRouter({ db, bus, serviceHealth: options.serviceHealth }));
  router.use(docsRouter());
  router.use(webRouter(options.webDistDir === undefined ? findWebDist(process.env.WEB_DIST_DIR) : options.webDistDir));
  router.use(createAuthMiddleware({ tokens: db.repos.apiTokens, sessions: db.repos.webSessions, mode: config.authMode, logger }));
  router.use(
    sessionRouter({
      authMode: config.authMode,
      tokens: db.repos.apiTokens,
      sessions: db.repos.webSessions,
      audit: db.repos.audit,
      ttlMs: config.sessionTtlMs,
      now: () => new Date(),
    }),
  );
  router.use(scheduledJobsRouter({ repo: db.repos.scheduledJobs, bus, logger }));
  router.use(tokensRouter({ tokens: db.repos.apiTokens, audit: db.repos.audit }));
  router.use(auditRouter(db.repos.audit));
  router.use(settingsRoutes(ctx));
  const signingKey = config.identitySigningKey ? (decodeEncryptionKey(config.identitySigningKey) ?? undefined) : undefined;
  router.use(createUpstreamDispatcher(options.upstreams, logger, signingKey));

  return {
    name: 'gateway',
    http: { prefixes: ['/'], router },
    async start() {
      if (config.authMode === 'off') logger.warn('authentication is off: every caller is treated as admin (loopback all-in-one only)');
    },
    async stop() {
      // Nothing to release: the routers hold no connections and the runner closes the database and bus.
    },
  };
}
