import type { Request, RequestHandler } from 'express';
import { roleSatisfies, type Role } from '@huntforge/contracts';
import type { ApiTokenRepository } from '@huntforge/data';
import { HttpError } from '@huntforge/platform';
import { resolveHttpCaller, type Caller } from '../caller/caller';

const callers = new WeakMap<Request, Caller>();

/**
 * Refuses a request that carries neither the gateway's vouched identity nor a valid API token of its own
 * (the mcp app may be reached directly in the distributed shape), and one whose role is below `role`.
 */
export function requireCaller(tokens: Pick<ApiTokenRepository, 'findActiveByHash'>, role: Role): RequestHandler {
  return async (req, res, next) => {
    try {
      const caller = await resolveHttpCaller(req, tokens);
      if (!caller) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="huntforge"');
        return next(new HttpError(401, 'unauthenticated', 'A bearer token is required (Authorization: Bearer <token>)'));
      }
      if (!roleSatisfies(caller.role, role)) {
        return next(new HttpError(403, 'forbidden', `This route needs the ${role} role; the caller has ${caller.role}`));
      }
      callers.set(req, caller);
      next();
    } catch (error) {
      next(error);
    }
  };
}

export function callerOf(req: Request): Caller {
  const caller = callers.get(req);
  if (!caller) throw new Error('requireCaller must run before this handler');
  return caller;
}
