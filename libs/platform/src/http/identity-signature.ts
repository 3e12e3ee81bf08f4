import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ACTOR_HEADER, NONCE_HEADER, ROLE_HEADER, SIGNATURE_HEADER, SIGNED_AT_HEADER } from '@huntforge/contracts';
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

function signature(key: Buffer, identity: SignedIdentity, signedAt: string, nonce: string): string {
  const canonical = [identity.method.toUpperCase(), identity.url, identity.actor, identity.role, signedAt, nonce].join('\n');
  return createHmac('sha256', key).update(canonical, 'utf8').digest('base64url');
}

/** The headers that vouch for `identity` (set them together with the actor and role headers). */
export function identitySignatureHeaders(key: Buffer, identity: SignedIdentity, now: Date = new Date()): Record<string, string> {
  const signedAt = String(now.getTime());
  const nonce = randomBytes(16).toString('base64url');
  return { [SIGNED_AT_HEADER]: signedAt, [NONCE_HEADER]: nonce, [SIGNATURE_HEADER]: signature(key, identity, signedAt, nonce) };
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

/** Nonces seen within the signature lifetime, with when each may be forgotten (its signature is stale by then). */
class NonceLedger {
  private readonly seen = new Map<string, number>();

  /** False when `nonce` was already used; records it otherwise. */
  use(nonce: string, now: number): boolean {
    if (this.seen.size > 0 && this.seen.size % 1024 === 0) this.prune(now);
    if ((this.seen.get(nonce) ?? 0) > now) return false;
    this.seen.set(nonce, now + 2 * SIGNATURE_MAX_AGE_MS);
    return true;
  }

  private prune(now: number): void {
    for (const [nonce, until] of this.seen) if (until <= now) this.seen.delete(nonce);
  }
}

/**
 * For services behind the gateway: a request must carry a fresh signature over its method, path, identity,
 * time and a nonce made with the shared IDENTITY_SIGNING_KEY, or it is refused (401) before any route sees
 * it. Each nonce is accepted once while its signature is fresh, so a captured request cannot be replayed
 * (with another body or not) on this replica.
 */
export function requireSignedIdentity(options: RequireSignedIdentityOptions): RequestHandler {
  const exempt = new Set(options.exemptPaths);
  const now = options.now ?? Date.now;
  const nonces = new NonceLedger();
  return (req, _res, next) => {
    if (exempt.has(req.path)) return next();
    const signedAt = header(req.headers[SIGNED_AT_HEADER]);
    const given = header(req.headers[SIGNATURE_HEADER]);
    const nonce = header(req.headers[NONCE_HEADER]);
    if (!signedAt || !given || !nonce) {
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
      nonce,
    );
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      return next(new HttpError(401, 'invalid_signature', 'The request signature does not match its identity'));
    }
    // Checked after the signature, so only the gateway's own nonces are recorded (a forger cannot fill the ledger).
    if (!nonces.use(nonce, now())) {
      return next(new HttpError(401, 'replayed_signature', 'This signed request was already received; every request needs a fresh signature'));
    }
    next();
  };
}
