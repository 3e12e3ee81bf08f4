import { Router } from 'express';
import type { WebSessionRecord } from '@huntforge/data';
import { AUDIT_EVENT_TYPES, gatewayRoutes as routes, type AuthSessionResponse, type WebSession } from '@huntforge/contracts';
import { actorOf, HttpError, httpErrors, mountRoute, reply, roleOf, sessionCookieOf } from '@huntforge/platform';
import { credentialOf } from './principal';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { clientKeyOf, type TrustedProxies } from '../rate-limit/client-key';
import { SignInThrottle } from './sign-in-throttle';
import { signIn, signOut, type WebSessionDeps } from './web-sessions';

function toWebSession(session: WebSessionRecord, currentId: string | null): WebSession {
  return {
    id: session.id,
    token_name: session.token.name,
    role: session.token.role,
    user_agent: session.userAgent,
    created_at: session.createdAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    last_seen_at: session.lastSeenAt?.toISOString() ?? null,
    current: session.id === currentId,
  };
}

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
  mountRoute(router, routes.getAuthSessions, async ({ req }) => {
    const credential = credentialOf(req);
    const current = credential?.via === 'session' ? credential.sessionId : null;
    const sessions = await options.sessions.listLive(options.now());
    return { sessions: sessions.map((session) => toWebSession(session, current)) };
  });
  mountRoute(router, routes.deleteAuthSessionById, async ({ params: { session_id }, req }) => {
    if (!(await options.sessions.revoke(session_id, options.now())))
      throw httpErrors.notFound(`No live browser session has id ${session_id}`);
    await options.audit.record({ type: AUDIT_EVENT_TYPES.webSessionRevoked, actor: actorOf(req), payload: { session_id } });
    return reply(204);
  });
  return router;
}
