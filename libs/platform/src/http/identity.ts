import type { Request } from 'express';
import { parse } from 'cookie';
import { ROLES, type Role } from '@huntforge/contracts';
import { ACTOR_HEADER, ACTOR_MAX_LENGTH, ROLE_HEADER, SESSION_COOKIE } from '@huntforge/contracts/http';

/** The actor the gateway vouched for, or null on public routes and direct calls. */
export function actorOf(req: Request): string | null {
  const actor = req.headers[ACTOR_HEADER];
  return typeof actor === 'string' && actor.length > 0 ? actor.slice(0, ACTOR_MAX_LENGTH) : null;
}

/** The role the gateway vouched for, or null when it sent none (or an unknown one). */
export function roleOf(req: Request): Role | null {
  const role = req.headers[ROLE_HEADER];
  return typeof role === 'string' && (ROLES as readonly string[]).includes(role) ? (role as Role) : null;
}

/** The browser session cookie's value, or undefined when the request carries none. */
export function sessionCookieOf(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const value = parse(header)[SESSION_COOKIE];
  return value ? value : undefined;
}
