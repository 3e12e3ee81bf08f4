import type { Request, RequestHandler } from 'express';
import { RATE_LIMITED_CODE, rateLimitTier, type RateLimitTier } from '@huntforge/contracts/http';
import { HttpError, type AppConfig } from '@huntforge/platform';
import { clientKeyOf, type TrustedProxies } from './client-key';
import type { FixedWindowLimiter } from './fixed-window-limiter';

export type RateLimitBudgets = Pick<AppConfig['rateLimits'], 'perMinute' | 'expensivePerMinute' | 'signInPerMinute'>;

const WINDOW_MS = 60_000;

function limitOf(tier: Exclude<RateLimitTier, 'none'>, budgets: RateLimitBudgets): number {
  if (tier === 'expensive') return budgets.expensivePerMinute;
  if (tier === 'sign-in') return budgets.signInPerMinute;
  return budgets.perMinute;
}

export interface RateLimitMiddlewareOptions {
  limiter: FixedWindowLimiter;
  budgets: RateLimitBudgets;
  /** The API token authentication accepted for this request, or null. */
  tokenIdOf: (req: Request) => number | null;
  trusted: TrustedProxies;
}

/**
 * Requests per minute per API token, or per client address when the caller has none (public routes,
 * AUTH_MODE=off), each tier counted apart. Mounted after authentication, so a token is known; paths
 * outside /api and /mcp (probes, docs, pages) are never counted. A limit of 0 is off.
 */
export function rateLimitMiddleware(options: RateLimitMiddlewareOptions): RequestHandler {
  return async (req, res, next) => {
    const tier = rateLimitTier(req.method, req.path);
    const limit = tier === 'none' ? 0 : limitOf(tier, options.budgets);
    if (tier === 'none' || limit === 0) return next();
    const tokenId = options.tokenIdOf(req);
    const subject =
      tokenId !== null
        ? `token:${tokenId}`
        : `client:${clientKeyOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trusted)}`;
    let decision;
    try {
      decision = await options.limiter.take(`${tier}/${subject}`, { limit, windowMs: WINDOW_MS });
    } catch (error) {
      // The limiter guards capacity; it must not turn a database hiccup into refusals of every request.
      req.log.warn({ err: error instanceof Error ? error.message : String(error), tier }, 'rate limit store failed; request let through');
      return next();
    }
    if (decision.allowed) return next();
    const wait = decision.retryAfterSeconds;
    res.setHeader('Retry-After', String(wait));
    res.setHeader('Cache-Control', 'no-store');
    const who = tokenId !== null ? 'this token' : 'this address';
    next(
      new HttpError(
        429,
        RATE_LIMITED_CODE,
        `Too many requests from ${who} (${limit} per minute${tier === 'standard' ? '' : ` on ${tier} routes`}); try again in ${wait} s`,
        {
          retry_after_seconds: wait,
          limit,
          window_seconds: WINDOW_MS / 1000,
          tier,
        },
      ),
    );
  };
}
