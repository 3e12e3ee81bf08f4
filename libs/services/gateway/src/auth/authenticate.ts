import type { RequestHandler } from 'express';
import type { ApiTokenRepository } from '@huntforge/data';
import { accessRequirement, roleSatisfies } from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';
import { API_TOKEN_PATTERN, hashApiToken } from './api-tokens';
import { clearPrincipal, setPrincipal } from './principal';
import { TouchThrottle } from './touch-throttle';

export interface AuthOptions {
  tokens: ApiTokenRepository;
  mode: 'required' | 'off';
  logger: Logger;
  now?: () => Date;
}

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i;

function bearerToken(header: string | undefined): string | null {
  const match = header === undefined ? null : BEARER.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates `Authorization: Bearer hf_…` against the stored SHA-256 hashes and enforces the
 * access rule of @huntforge/contracts (public routes pass untouched). The token is never logged:
 * errors name no token and the logger redacts the Authorization header.
 */
export function createAuthMiddleware(options: AuthOptions): RequestHandler {
  const now = options.now ?? (() => new Date());
  const throttle = new TouchThrottle();

  return async (req, res, next) => {
    clearPrincipal(req);
    const access = accessRequirement(req.method, req.path);
    if (access.public) return next();
    if (options.mode === 'off') {
      setPrincipal(req, { actor: 'local', role: 'admin', tokenId: null });
      return next();
    }

    const unauthenticated = (message: string) => {
      res.setHeader('WWW-Authenticate', 'Bearer realm="huntforge"');
      next(new HttpError(401, 'unauthenticated', message));
    };
    const token = bearerToken(req.headers.authorization);
    if (token === null) return unauthenticated('A bearer token is required (Authorization: Bearer <token>)');
    if (!API_TOKEN_PATTERN.test(token)) return unauthenticated('The bearer token is not valid');

    const record = await options.tokens.findActiveByHash(hashApiToken(token));
    if (!record) return unauthenticated('The bearer token is unknown or revoked');

    if (!roleSatisfies(record.role, access.role)) {
      return next(new HttpError(403, 'forbidden', `This route needs the ${access.role} role; the token has ${record.role}`));
    }

    setPrincipal(req, { actor: `token:${record.name}`, role: record.role, tokenId: record.id });
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
