import type { Request } from 'express';
import { LOCAL_ACTOR } from '@huntforge/contracts/http';
import { actorOf } from '@huntforge/platform';

/**
 * Who reviewed: the signed-in caller the gateway vouched for (`token:<name>`, or the person confirming an
 * MCP request). A request body's `reviewer` counts only when no one signed in (AUTH_MODE=off), so a caller
 * cannot record a review in someone else's name.
 */
export function reviewerOf(req: Request, named: string | undefined): string | undefined {
  const actor = actorOf(req);
  if (actor !== null && actor !== LOCAL_ACTOR) return actor;
  return named ?? actor ?? undefined;
}
