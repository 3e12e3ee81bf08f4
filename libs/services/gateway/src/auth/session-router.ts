import { Router } from 'express';
import { gatewayRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute, reply, roleOf, sessionCookieOf } from '@huntforge/platform';
import { clientKeyOf, type TrustedProxies } from '../rate-limit/client-key';
import { describeSession, type DescribeSessionDeps } from './describe-session';
import { listWebSessions, type ListWebSessionsDeps } from './list-web-sessions';
import { credentialOf } from './principal';
import { revokeWebSession, type RevokeWebSessionDeps } from './revoke-web-session';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { signIn, type SignInDeps } from './sign-in';
import { signOut, type SignOutDeps } from './sign-out';

const NO_STORE = { 'Cache-Control': 'no-store' };

export type SessionRouterDeps = DescribeSessionDeps &
  SignInDeps &
  SignOutDeps &
  ListWebSessionsDeps &
  RevokeWebSessionDeps & {
    /** The proxies whose X-Forwarded-For names the client that failed sign-ins count against. */
    trusted: TrustedProxies;
  };

function throttled(retryAfterSeconds: number) {
  const body = {
    error: {
      code: 'rate_limited',
      message: `Too many failed sign-ins from this address; try again in ${retryAfterSeconds} s`,
      details: { retry_after_seconds: retryAfterSeconds },
    },
  };
  return reply(429, body, { 'Retry-After': String(retryAfterSeconds), ...NO_STORE });
}

/**
 * Who the caller is (`GET /api/auth/session`), browser sign-in and sign-out, and the admins' list of
 * live sessions. Sign-in and sign-out are public routes: this router reads the cookie itself there and
 * sets or clears it; the use cases decide.
 */
export function sessionRouter(deps: SessionRouterDeps): Router {
  const router = Router();
  mountRoute(router, routes.getAuthSession, async ({ req }) =>
    reply(200, describeSession(deps, { actor: actorOf(req), role: roleOf(req), credential: credentialOf(req) }), NO_STORE),
  );
  mountRoute(router, routes.postAuthSession, async ({ body, req, res }) => {
    const clientAddress = clientKeyOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.trusted);
    const result = await signIn(deps, { token: body.token, userAgent: req.headers['user-agent'], clientAddress });
    if (!result.signedIn) return throttled(result.retryAfterSeconds);
    setSessionCookie(req, res, result.cookie.value, result.cookie.expiresAt);
    return reply(201, result.session, NO_STORE);
  });
  mountRoute(router, routes.deleteAuthSession, async ({ req, res }) => {
    await signOut(deps, { cookieValue: sessionCookieOf(req) });
    clearSessionCookie(req, res);
    return reply(204);
  });
  mountRoute(router, routes.getAuthSessions, ({ req }) => {
    const credential = credentialOf(req);
    return listWebSessions(deps, { currentSessionId: credential?.via === 'session' ? credential.sessionId : null });
  });
  mountRoute(router, routes.deleteAuthSessionById, async ({ params, req }) => {
    await revokeWebSession(deps, { sessionId: params.session_id, actor: actorOf(req) });
    return reply(204);
  });
  return router;
}
