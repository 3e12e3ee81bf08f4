import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { ACTOR_HEADER, NONCE_HEADER, ROLE_HEADER, SIGNATURE_HEADER, SIGNED_AT_HEADER } from '@huntforge/contracts/http';
import { HttpError } from './http-error';
import { createMemoryNonceLedger, type NonceLedger } from './nonce-ledger';
import { announcesBody, rawBodyOf } from './raw-body';

/** SHA-256 (base64url) of the body bytes the signature covers, or UNSIGNED_BODY. */
export const BODY_DIGEST_HEADER = 'x-huntforge-body-sha256';
/**
 * Said of a body the signer did not read: one streamed through unparsed (MCP's JSON-RPC, uploads), or sent by a
 * caller that does not pass its body to the signer. The marker itself is signed, so it cannot replace a digest.
 */
export const UNSIGNED_BODY = 'unsigned';

/** How old a signature may be: the gateway and the services share a clock within this much. */
export const SIGNATURE_MAX_AGE_MS = 60_000;

export interface SignedIdentity {
  method: string;
  /** Path and query exactly as the service receives them. */
  url: string;
  actor: string;
  role: string;
  /**
   * The exact body bytes sent ('' or an empty buffer for none). Left out, the body is marked UNSIGNED_BODY:
   * only for bodies streamed through unread.
   */
  body?: string | Uint8Array;
}

export function bodyDigest(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('base64url');
}

function signature(key: Buffer, identity: Omit<SignedIdentity, 'body'>, digest: string, signedAt: string, nonce: string): string {
  const canonical = [identity.method.toUpperCase(), identity.url, identity.actor, identity.role, digest, signedAt, nonce].join('\n');
  return createHmac('sha256', key).update(canonical, 'utf8').digest('base64url');
}

/** The headers that vouch for `identity` and its body (set them together with the actor and role headers). */
export function identitySignatureHeaders(key: Buffer, identity: SignedIdentity, now: Date = new Date()): Record<string, string> {
  const signedAt = String(now.getTime());
  const nonce = randomBytes(16).toString('base64url');
  const digest = identity.body === undefined ? UNSIGNED_BODY : bodyDigest(identity.body);
  return {
    [SIGNED_AT_HEADER]: signedAt,
    [NONCE_HEADER]: nonce,
    [BODY_DIGEST_HEADER]: digest,
    [SIGNATURE_HEADER]: signature(key, identity, digest, signedAt, nonce),
  };
}

/** The digest of the body this service received: of the bytes its JSON parser read, of nothing, or null when it was not read. */
function receivedBodyDigest(req: IncomingMessage): string | null {
  const raw = rawBodyOf(req);
  if (raw !== undefined) return bodyDigest(raw);
  return announcesBody(req) ? null : bodyDigest('');
}

function header(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

export interface RequireSignedIdentityOptions {
  key: Buffer;
  /** Paths anyone may call (health probes, metrics). */
  exemptPaths: readonly string[];
  now?: () => number;
  /** Where accepted nonces are kept: shared by the replicas in the distributed shape (default: this process only). */
  nonces?: NonceLedger;
}

/**
 * For services behind the gateway: a request must carry a fresh signature over its method, path, identity,
 * a digest of its body, time and a nonce made with the shared IDENTITY_SIGNING_KEY, or it is refused (401)
 * before any route sees it. The digest must be that of the bytes received, so a body changed on the way is
 * refused; each nonce is accepted once while its signature is fresh, so a captured request cannot be
 * replayed (with another body or not) on this replica, nor on another one when the ledger is shared. Runs after
 * the JSON parser, which keeps the bytes.
 */
export function requireSignedIdentity(options: RequireSignedIdentityOptions): RequestHandler {
  const exempt = new Set(options.exemptPaths);
  const now = options.now ?? Date.now;
  const nonces = options.nonces ?? createMemoryNonceLedger();
  return (req, _res, next) => {
    if (exempt.has(req.path)) return next();
    const signedAt = header(req.headers[SIGNED_AT_HEADER]);
    const given = header(req.headers[SIGNATURE_HEADER]);
    const nonce = header(req.headers[NONCE_HEADER]);
    const digest = header(req.headers[BODY_DIGEST_HEADER]);
    if (!signedAt || !given || !nonce || !digest) {
      return next(
        new HttpError(401, 'unsigned_request', 'This service answers only requests the gateway signed; call it through the gateway'),
      );
    }
    const age = now() - Number(signedAt);
    if (!Number.isFinite(age) || Math.abs(age) > SIGNATURE_MAX_AGE_MS) {
      return next(new HttpError(401, 'stale_signature', 'The request signature is too old (or from the future); check the clocks'));
    }
    const expected = signature(
      options.key,
      { method: req.method, url: req.originalUrl, actor: header(req.headers[ACTOR_HEADER]), role: header(req.headers[ROLE_HEADER]) },
      digest,
      signedAt,
      nonce,
    );
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      return next(new HttpError(401, 'invalid_signature', 'The request signature does not match its identity'));
    }
    if (digest !== UNSIGNED_BODY && digest !== receivedBodyDigest(req)) {
      return next(new HttpError(401, 'invalid_signature', 'The request body is not the one the gateway signed'));
    }
    // Checked after the signature, so only the gateway's own nonces are recorded (a forger cannot fill the ledger).
    // Kept twice the signature's lifetime: a signature from up to SIGNATURE_MAX_AGE_MS in the future is fresh that long.
    const at = now();
    nonces.use(nonce, at + 2 * SIGNATURE_MAX_AGE_MS, at).then(
      (fresh) =>
        next(
          fresh
            ? undefined
            : new HttpError(401, 'replayed_signature', 'This signed request was already received; every request needs a fresh signature'),
        ),
      // Refused, not let through: without the ledger a replay could not be told from a first request.
      () => next(new HttpError(503, 'nonce_store_unavailable', 'The request could not be checked against replays; try again')),
    );
  };
}
