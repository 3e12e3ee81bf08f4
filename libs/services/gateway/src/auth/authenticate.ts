import type { Request, RequestHandler } from 'express';
import type { ApiTokenRepository, WebSessionRepository } from '@huntforge/data';
import { accessRequirement, CSRF_HEADER, roleSatisfies } from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';
import { API_TOKEN_PATTERN, hashApiToken } from './api-tokens';
import { clearPrincipal, setPrincipal } from './principal';
import { sessionCookieOf } from './session-cookie';
import { TouchThrottle } from './touch-throttle';
import { findLiveSession } from './web-sessions';

export interface AuthOptions {
  tokens: ApiTokenRepository;
  sessions: Pick<WebSessionRepository, 'findLiveByHash' | 'touch'>;
  mode: 'required' | 'off';
  logger: Logger;
  now?: () => Date;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cookie rides along on any request the browser makes, so a cookie-authenticated write must prove it came from our pages. */
function lacksCsrfHeader(req: Request): boolean {
  return !READ_METHODS.has(req.method) && req.headers[CSRF_HEADER] !== '1';
}

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i;

function bearerToken(header: string | undefined): string | null {
  const match = header === undefined ? null : BEARER.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates `Authorization: Bearer hf_…` against the stored SHA-256 hashes, or else the browser
 * session cookie (whose writes need the CSRF header), and enforces the access rule of
 * @huntforge/contracts (public routes pass untouched). Neither secret is ever logged: errors name
 * none and the logger redacts the Authorization and Cookie headers.
 */
export function createAuthMiddleware(options: AuthOptions): RequestHandler {
  const now = options.now ?? (() => new Date());
  const throttle = new TouchThrottle();

  return async (req, res, next) => {
    clearPrincipal(req);
    const access = accessRequirement(req.method, req.path);
    if (access.public) return next();
    if (options.mode === 'off') {
      setPrincipal(req, { actor: 'local', role: 'admin', tokenId: null, credential: { via: 'local' } });
      return next();
    }

    const unauthenticated = (message: string) => {
      res.setHeader('WWW-Authenticate', 'Bearer realm="huntforge"');
      next(new HttpError(401, 'unauthenticated', message));
    };
    const token = bearerToken(req.headers.authorization);
    const cookie = token === null ? sessionCookieOf(req) : undefined;
    if (cookie !== undefined) {
      const at = now();
      const session = await findLiveSession(options.sessions, cookie, at);
      if (!session) return unauthenticated('Your session has expired or was revoked; sign in again');
      if (lacksCsrfHeader(req)) {
        return next(new HttpError(403, 'csrf_header_missing', `Writes made with a session cookie must send the header ${CSRF_HEADER}: 1`));
      }
      if (!roleSatisfies(session.token.role, access.role)) {
        return next(new HttpError(403, 'forbidden', `This route needs the ${access.role} role; you are signed in as ${session.token.role}`));
      }
      setPrincipal(req, {
        actor: `token:${session.token.name}`,
        role: session.token.role,
        tokenId: session.token.id,
        credential: { via: 'session', sessionId: session.id, expiresAt: session.expiresAt },
      });
      if (throttle.shouldTouch(session.id, session.lastSeenAt, at)) {
        options.sessions.touch(session.id, at).catch((error: unknown) => {
          options.logger.warn({ sessionId: session.id, err: error instanceof Error ? error.message : String(error) }, 'could not record session use');
        });
      }
      return next();
    }
    if (token === null) return unauthenticated('A bearer token is required (Authorization: Bearer <token>), or sign in at /signin');
    if (!API_TOKEN_PATTERN.test(token)) return unauthenticated('The bearer token is not valid');

    const record = await options.tokens.findActiveByHash(hashApiToken(token));
    if (!record) return unauthenticated('The bearer token is unknown or revoked');

    if (!roleSatisfies(record.role, access.role)) {
      return next(new HttpError(403, 'forbidden', `This route needs the ${access.role} role; the token has ${record.role}`));
    }

    setPrincipal(req, { actor: `token:${record.name}`, role: record.role, tokenId: record.id, credential: { via: 'bearer' } });
    const at = now();
    if (throttle.shouldTouch(record.id, record.lastUsedAt, at)) {
      // Bookkeeping only: a failed write must not fail the caller's request.
      options.tokens.touch(record.id, at).catch((error: unknown) => {
        options.logger.warn({ tokenId: record.id, err: error instanceof Error ? error.message : String(error) }, 'could not record token use');
      });
    }
    next();
  };
}
