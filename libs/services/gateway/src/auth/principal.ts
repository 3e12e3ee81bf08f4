import type { Request } from 'express';
import type { Role } from '@huntforge/contracts';

/**
 * Who is calling, as the gateway vouches for it. It travels to the owning service in these headers
 * (in-process and proxied alike); the gateway removes any client-supplied copies first.
 */
export const ACTOR_HEADER = 'x-huntforge-actor';
export const ROLE_HEADER = 'x-huntforge-role';

export interface Principal {
  /** For audit records: `token:<name>`, or `local` when auth is off. */
  actor: string;
  role: Role;
  tokenId: number | null;
}

export function setPrincipal(req: Request, principal: Principal): void {
  req.headers[ACTOR_HEADER] = principal.actor;
  req.headers[ROLE_HEADER] = principal.role;
}

export function clearPrincipal(req: Request): void {
  delete req.headers[ACTOR_HEADER];
  delete req.headers[ROLE_HEADER];
}

/** The actor the gateway vouched for, or null on public routes. */
export function actorOf(req: Request): string | null {
  const actor = req.headers[ACTOR_HEADER];
  return typeof actor === 'string' ? actor : null;
}
