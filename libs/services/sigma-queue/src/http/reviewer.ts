import type { Request } from 'express';
import { actorOf } from '@huntforge/platform';

/** The actor the gateway forwards when AUTH_MODE=off: nobody signed in, so nobody is vouched for. */
const UNAUTHENTICATED_ACTOR = 'local';

/**
 * Who reviewed: the signed-in caller the gateway vouched for (`token:<name>`, or the person confirming an
 * MCP request). A request body's `reviewer` counts only when no one signed in (AUTH_MODE=off), so a caller
 * cannot record a review in someone else's name.
 */
export function reviewerOf(req: Request, named: string | undefined): string | undefined {
  const actor = actorOf(req);
  if (actor !== null && actor !== UNAUTHENTICATED_ACTOR) return actor;
  return named ?? actor ?? undefined;
}
