import { Router } from 'express';
import { gatewayRoutes as routes } from '@huntforge/contracts/api';
import type { AuthSessionResponse } from '@huntforge/contracts/http';
import { actorOf, HttpError, mountRoute, reply, roleOf, sessionCookieOf } from '@huntforge/platform';
import { listWebSessions } from './list-web-sessions';
import { credentialOf } from './principal';
import { revokeWebSession } from './revoke-web-session';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { clientKeyOf, type TrustedProxies } from '../rate-limit/client-key';
import { SignInThrottle } from './sign-in-throttle';
import { signIn, signOut, type WebSessionDeps } from './web-sessions';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Who the caller is (`GET /api/auth/session`), browser sign-in and sign-out, and the admins' list of
 * live sessions. Sign-in and sign-out are public routes: this router reads the cookie itself there.
 */
export function sessionRouter(
  options: { authMode: 'off' | 'required'; throttle?: SignInThrottle; trusted: TrustedProxies } & WebSessionDeps,
): Router {
  const router = Router();
  const throttle = options.throttle ?? new SignInThrottle();
  mountRoute(router, routes.getAuthSession, async ({ req }) => {
    const credential = credentialOf(req);
    const body: AuthSessionResponse = {
      auth_mode: options.authMode,
      actor: actorOf(req) ?? 'unknown',
      role: roleOf(req) ?? 'viewer',
      via: credential?.via ?? 'local',
      expires_at: credential?.via === 'session' ? credential.expiresAt.toISOString() : null,
    };
    return reply(200, body, NO_STORE);
  });
  mountRoute(router, routes.postAuthSession, async ({ body, req, res }) => {
    if (options.authMode === 'off')
      throw new HttpError(
        409,
        'authentication_off',
        'Authentication is off (AUTH_MODE=off): every caller on this machine is the local admin, there is nothing to sign in to',
      );
    const address = clientKeyOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trusted);
    const wait = await throttle.retryAfterSeconds(address);
    if (wait !== null) {
      const refusal = {
        error: {
          code: 'rate_limited',
          message: `Too many failed sign-ins from this address; try again in ${wait} s`,
          details: { retry_after_seconds: wait },
        },
      };
      return reply(429, refusal, { 'Retry-After': String(wait), ...NO_STORE });
    }
    let signedInSession;
    try {
      signedInSession = await signIn(options, { token: body.token, userAgent: req.headers['user-agent'] });
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) await throttle.failed(address);
      throw error;
    }
    await throttle.succeeded(address);
    const { value, session } = signedInSession;
    setSessionCookie(req, res, value, session.expiresAt);
    const signedIn: AuthSessionResponse = {
      auth_mode: options.authMode,
      actor: `token:${session.token.name}`,
      role: session.token.role,
      via: 'session',
      expires_at: session.expiresAt.toISOString(),
    };
    return reply(201, signedIn, NO_STORE);
  });
  mountRoute(router, routes.deleteAuthSession, async ({ req, res }) => {
    await signOut(options, sessionCookieOf(req));
    clearSessionCookie(req, res);
    return reply(204);
  });
  mountRoute(router, routes.getAuthSessions, ({ req }) => {
    const credential = credentialOf(req);
    return listWebSessions(options, { currentSessionId: credential?.via === 'session' ? credential.sessionId : null });
  });
  mountRoute(router, routes.deleteAuthSessionById, async ({ params, req }) => {
    await revokeWebSession(options, { sessionId: params.session_id, actor: actorOf(req) });
    return reply(204);
  });
  return router;
}
