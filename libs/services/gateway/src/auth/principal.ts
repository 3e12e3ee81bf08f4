import type { Request } from 'express';
import type { Role } from '@huntforge/contracts';
import { ACTOR_HEADER, ROLE_HEADER } from '@huntforge/contracts/http';

/** How the caller proved who it is: nothing (auth off), a bearer token, or a browser session cookie. */
export type Credential = { via: 'local' } | { via: 'bearer' } | { via: 'session'; sessionId: string; expiresAt: Date };

export interface Principal {
  /** For audit records: `token:<name>`, or `local` when auth is off. */
  actor: string;
  role: Role;
  tokenId: number | null;
  credential: Credential;
}

const principals = new WeakMap<Request, Principal>();

export function setPrincipal(req: Request, principal: Principal): void {
  req.headers[ACTOR_HEADER] = principal.actor;
  req.headers[ROLE_HEADER] = principal.role;
  principals.set(req, principal);
}

export function clearPrincipal(req: Request): void {
  delete req.headers[ACTOR_HEADER];
  delete req.headers[ROLE_HEADER];
  principals.delete(req);
}

/** The credential the auth middleware accepted for this request, or null on public routes. */
export function credentialOf(req: Request): Credential | null {
  return principals.get(req)?.credential ?? null;
}

/** The API token the caller used (directly or through its browser session), or null (public route, auth off). */
export function tokenIdOf(req: Request): number | null {
  return principals.get(req)?.tokenId ?? null;
}

/** The actor the gateway vouched for, or null on public routes. */
export function actorOf(req: Request): string | null {
  const actor = req.headers[ACTOR_HEADER];
  return typeof actor === 'string' ? actor : null;
}
