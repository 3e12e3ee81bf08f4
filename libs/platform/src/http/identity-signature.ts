import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ACTOR_HEADER, ROLE_HEADER, SIGNATURE_HEADER, SIGNED_AT_HEADER } from '@huntforge/contracts';
import { HttpError } from './http-error';

/** How old a signature may be: the gateway and the services share a clock within this much. */
export const SIGNATURE_MAX_AGE_MS = 60_000;

export interface SignedIdentity {
  method: string;
  /** Path and query exactly as the service receives them. */
  url: string;
  actor: string;
  role: string;
}

function signature(key: Buffer, identity: SignedIdentity, signedAt: string): string {
  const canonical = [identity.method.toUpperCase(), identity.url, identity.actor, identity.role, signedAt].join('\n');
  return createHmac('sha256', key).update(canonical, 'utf8').digest('base64url');
}

/** The headers that vouch for `identity` (set them together with the actor and role headers). */
export function identitySignatureHeaders(key: Buffer, identity: SignedIdentity, now: Date = new Date()): Record<string, string> {
  const signedAt = String(now.getTime());
  return { [SIGNED_AT_HEADER]: signedAt, [SIGNATURE_HEADER]: signature(key, identity, signedAt) };
}

function header(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

export interface RequireSignedIdentityOptions {
  key: Buffer;
  /** Paths anyone may call (health probes, metrics). */
  exemptPaths: readonly string[];
  now?: () => number;
}

/**
 * For services behind the gateway: a request must carry a fresh signature over its method, path and
 * identity made with the shared IDENTITY_SIGNING_KEY, or it is refused (401) before any route sees it.
 */
export function requireSignedIdentity(options: RequireSignedIdentityOptions): RequestHandler {
  const exempt = new Set(options.exemptPaths);
  const now = options.now ?? Date.now;
  return (req, _res, next) => {
    if (exempt.has(req.path)) return next();
    const signedAt = header(req.headers[SIGNED_AT_HEADER]);
    const given = header(req.headers[SIGNATURE_HEADER]);
    if (!signedAt || !given) {
      return next(new HttpError(401, 'unsigned_request', 'This service answers only requests the gateway signed; call it through the gateway'));
    }
    const age = now() - Number(signedAt);
    if (!Number.isFinite(age) || Math.abs(age) > SIGNATURE_MAX_AGE_MS) {
      return next(new HttpError(401, 'stale_signature', 'The request signature is too old (or from the future); check the clocks'));
    }
    const expected = signature(
      options.key,
      { method: req.method, url: req.originalUrl, actor: header(req.headers[ACTOR_HEADER]), role: header(req.headers[ROLE_HEADER]) },
      signedAt,
    );
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      return next(new HttpError(401, 'invalid_signature', 'The request signature does not match its identity'));
    }
    next();
  };
}
