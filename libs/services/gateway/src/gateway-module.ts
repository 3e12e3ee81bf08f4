import { Router, type RequestHandler } from 'express';
import { telemetryRoutes } from '@huntforge/contracts/api';
import { decodeEncryptionKey, HttpError, type ModuleContext, type ServiceModule } from '@huntforge/platform';
import { auditRouter } from './audit/audit-router';
import { backupScheduleDeps } from './backup-schedule/backup-schedule-deps';
import { backupScheduleRouter } from './backup-schedule/backup-schedule-router';
import { backupsDepsOf } from './backups/backups-deps';
import { backupsRouter } from './backups/backups-router';
import { createAuthMiddleware } from './auth/authenticate';
import { tokenIdOf } from './auth/principal';
import { sessionRouter } from './auth/session-router';
import { SignInThrottle } from './auth/sign-in-throttle';
import { docsRouter } from './docs/docs-router';
import { healthProbeRouter, healthRouter } from './health/health-router';
import { browserGuard } from './origin/browser-guard';
import { trustedProxies } from './rate-limit/client-key';
import { FixedWindowLimiter } from './rate-limit/fixed-window-limiter';
import { MemoryRateLimitStore } from './rate-limit/memory-rate-limit-store';
import { rateLimitMiddleware } from './rate-limit/rate-limit-middleware';
import { RateLimitBucketRepository } from './repositories/rate-limit-bucket-repository';
import { scheduledJobsRouter } from './scheduled-jobs/scheduled-jobs-router';
import { providerTestsRouter } from './provider-tests/provider-tests-router';
import { settingsDepsOf } from './settings/settings-deps';
import { settingsRouter } from './settings/settings-router';
import { tokensRouter } from './tokens/tokens-router';
import { createUpstreamDispatcher } from './upstreams/dispatcher';
import type { GatewayOptions } from './upstreams/upstream';
import { findWebDist } from './web/web-assets';
import { webRouter } from './web/web-router';

/**
 * The public HTTP surface. Order matters: the browser guard (host, origin, JSON bodies) first, then public health, docs and the web pages, then authentication (which
 * lets the remaining public paths through and enforces roles on the rest), the rate limits (after
 * authentication, so they count per token), the gateway's own routes, and last the upstreams. The
 * router serves full paths; mount it at `/`.
 */
export function createGatewayModule(ctx: ModuleContext, options: GatewayOptions): ServiceModule {
  const { db, bus, logger, config } = ctx;
  const router = Router();
  const probes = healthProbeRouter({ db });
  // The runners answer the probes before any layer; mounted here too, so the router alone serves /health.
  router.use(probes);
  router.use(
    browserGuard({
      allowedHosts: config.allowedHosts,
      rawBodyRoutes: [{ method: 'POST', path: telemetryRoutes.postTelemetryDataset.path }],
    }),
  );
  router.use(healthRouter({ db, bus, serviceHealth: options.serviceHealth }));
  router.use(docsRouter());
  router.use(webRouter(options.webDistDir === undefined ? findWebDist(process.env.WEB_DIST_DIR) : options.webDistDir));
  const authenticate = createAuthMiddleware({ tokens: db.repos.apiTokens, sessions: db.repos.webSessions, mode: config.authMode, logger });
  const trusted = trustedProxies(config.rateLimits.trustedProxies);
  // Replicas share their counts through the database; one process keeps them in memory (separate
  // stores, so a flood of request keys can never evict a sign-in failure).
  const sharedStore = config.rateLimits.store === 'database' ? new RateLimitBucketRepository(db.prisma) : null;
  const limiter = new FixedWindowLimiter(options.rateLimitStore ?? sharedStore ?? new MemoryRateLimitStore(), {
    ...(options.rateLimitClock ? { now: options.rateLimitClock } : {}),
    onPruneError: (error) =>
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not prune expired rate-limit counts'),
  });
  const rateLimit = rateLimitMiddleware({ limiter, budgets: config.rateLimits, tokenIdOf, trusted });
  router.use(countingRefusals(authenticate, rateLimit));
  router.use(rateLimit);
  router.use(
    sessionRouter({
      authMode: config.authMode,
      trusted,
      throttle: new SignInThrottle({
        maxFailures: 10,
        windowMs: 15 * 60_000,
        ...(sharedStore ? { store: sharedStore } : {}),
        ...(options.rateLimitClock ? { now: options.rateLimitClock } : {}),
      }),
      tokens: db.repos.apiTokens,
      sessions: db.repos.webSessions,
      audit: db.repos.audit,
      ttlMs: config.sessionTtlMs,
      now: () => new Date(),
    }),
  );
  router.use(scheduledJobsRouter({ repo: db.repos.scheduledJobs, bus, logger }));
  router.use(tokensRouter({ tokens: db.repos.apiTokens, audit: db.repos.audit }));
  router.use(auditRouter({ audit: db.repos.audit }));
  const settings = settingsDepsOf(ctx);
  router.use(settingsRouter(settings.settings));
  router.use(providerTestsRouter(settings.providerTests));
  router.use(backupsRouter(backupsDepsOf(ctx)));
  // The host crontab of the user the gateway runs as.
  router.use(backupScheduleRouter(backupScheduleDeps(db, config.dataDir, process.env)));
  const signingKey = config.identitySigningKey ? (decodeEncryptionKey(config.identitySigningKey) ?? undefined) : undefined;
  router.use(createUpstreamDispatcher(options.upstreams, logger, signingKey));

  return {
    name: 'gateway',
    http: { prefixes: ['/'], router, probes },
    async start() {
      if (config.authMode === 'off') logger.warn('authentication is off: every caller is treated as admin (loopback all-in-one only)');
    },
    async stop() {
      // Nothing to release: the routers hold no connections and the runner closes the database and bus.
    },
  };
}

/**
 * Authentication whose 401s count against the caller's address like any request without a token, so a
 * caller guessing tokens (or sending a bogus one) is answered 429 once the address is past its budget.
 */
function countingRefusals(authenticate: RequestHandler, rateLimit: RequestHandler): RequestHandler {
  return (req, res, next) =>
    authenticate(req, res, (error?: unknown) => {
      if (!(error instanceof HttpError && error.status === 401)) return next(error as Error | undefined);
      void rateLimit(req, res, (limited?: unknown) => next((limited ?? error) as Error));
    });
}
