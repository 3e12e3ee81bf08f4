import type { Request, RequestHandler } from 'express';
import type { ApiTokenRepository, WebSessionRepository } from '@huntforge/data';
import { accessRequirement, roleSatisfies } from '@huntforge/contracts';
import { CSRF_HEADER, LOCAL_ACTOR } from '@huntforge/contracts/http';
import { HttpError, sessionCookieOf, type Logger } from '@huntforge/platform';
import { API_TOKEN_PATTERN, hashApiToken } from './api-tokens';
import { clearPrincipal, setPrincipal, type Principal } from './principal';
import { TouchThrottle } from './touch-throttle';
import { findLiveSession } from './web-sessions';

export interface AuthOptions {
  tokens: Pick<ApiTokenRepository, 'findActiveByHash' | 'touch'>;
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

/** A credential that checked out: who it stands for, and how to record its use. */
interface Caller {
  principal: Principal;
  /** Completes "…; <holder> <role>" in a 403. */
  holder: string;
  use: { key: number | string; lastAt: Date | null; record(at: Date): Promise<void>; what: string; logFields: Record<string, unknown> };
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
      setPrincipal(req, { actor: LOCAL_ACTOR, role: 'admin', tokenId: null, credential: { via: 'local' } });
      return next();
    }

    const unauthenticated = (message: string): HttpError => {
      res.setHeader('WWW-Authenticate', 'Bearer realm="huntforge"');
      return new HttpError(401, 'unauthenticated', message);
    };
    const at = now();
    const token = bearerToken(req.headers.authorization);
    const cookie = token === null ? sessionCookieOf(req) : undefined;

    /** The browser session the cookie names; its writes must carry the CSRF header. */
    const sessionCaller = async (value: string): Promise<Caller | HttpError> => {
      const session = await findLiveSession(options.sessions, value, at);
      if (!session) return unauthenticated('Your session has expired or was revoked; sign in again');
      if (lacksCsrfHeader(req))
        return new HttpError(403, 'csrf_header_missing', `Writes made with a session cookie must send the header ${CSRF_HEADER}: 1`);
      return {
        principal: {
          actor: `token:${session.token.name}`,
          role: session.token.role,
          tokenId: session.token.id,
          credential: { via: 'session', sessionId: session.id, expiresAt: session.expiresAt },
        },
        holder: 'you are signed in as',
        use: {
          key: session.id,
          lastAt: session.lastSeenAt,
          record: (when) => options.sessions.touch(session.id, when),
          what: 'session',
          logFields: { sessionId: session.id },
        },
      };
    };

    const bearerCaller = async (value: string | null): Promise<Caller | HttpError> => {
      if (value === null) return unauthenticated('A bearer token is required (Authorization: Bearer <token>), or sign in at /signin');
      if (!API_TOKEN_PATTERN.test(value)) return unauthenticated('The bearer token is not valid');
      const record = await options.tokens.findActiveByHash(hashApiToken(value));
      if (!record) return unauthenticated('The bearer token is unknown or revoked');
      return {
        principal: { actor: `token:${record.name}`, role: record.role, tokenId: record.id, credential: { via: 'bearer' } },
        holder: 'the token has',
        use: {
          key: record.id,
          lastAt: record.lastUsedAt,
          record: (when) => options.tokens.touch(record.id, when),
          what: 'token',
          logFields: { tokenId: record.id },
        },
      };
    };

    const caller = cookie !== undefined ? await sessionCaller(cookie) : await bearerCaller(token);
    if (caller instanceof HttpError) return next(caller);
    const { role } = caller.principal;
    if (!roleSatisfies(role, access.role)) {
      return next(new HttpError(403, 'forbidden', `This route needs the ${access.role} role; ${caller.holder} ${role}`));
    }
    setPrincipal(req, caller.principal);
    if (throttle.shouldTouch(caller.use.key, caller.use.lastAt, at)) {
      // Bookkeeping only: a failed write must not fail the caller's request.
      caller.use.record(at).catch((error: unknown) => {
        options.logger.warn(
          { ...caller.use.logFields, err: error instanceof Error ? error.message : String(error) },
          `could not record ${caller.use.what} use`,
        );
      });
    }
    next();
  };
}
