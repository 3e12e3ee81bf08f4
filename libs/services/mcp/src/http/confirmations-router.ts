import { Router } from 'express';
import {
  confirmationIdParamsSchema,
  decideConfirmationRequestSchema,
  listConfirmationsQuerySchema,
} from '@huntforge/contracts';
import type { ApiTokenRepository } from '@huntforge/data';
import { HttpError, parseOrThrow } from '@huntforge/platform';
import type { Confirmations } from '../confirmations/confirmations';
import { ToolError } from '../tools/tool-error';
import { callerOf, requireCaller } from './caller-middleware';

const BASE = '/api/mcp/confirmations';

/** A caller's mistake inside a use case (e.g. a foreign cursor) is a 400, not a 500. */
async function asHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ToolError) throw new HttpError(400, error.code, error.message, error.details);
    throw error;
  }
}

/**
 * Where people see and decide high-risk tool requests: listing needs a viewer, deciding an analyst (the
 * gateway's access rule says the same). The body's reason is optional on both decisions.
 */
export function confirmationsRouter(deps: { confirmations: Confirmations; tokens: ApiTokenRepository }): Router {
  const router = Router();
  const viewer = requireCaller(deps.tokens, 'viewer');
  const analyst = requireCaller(deps.tokens, 'analyst');

  router.get(BASE, viewer, async (req, res) => {
    const query = parseOrThrow(listConfirmationsQuerySchema, req.query, 'query');
    res.json(await asHttp(() => deps.confirmations.list(query)));
  });
  router.get(`${BASE}/:id`, viewer, async (req, res) => {
    const { id } = parseOrThrow(confirmationIdParamsSchema, req.params, 'params');
    res.json(await deps.confirmations.get(id));
  });
  router.post(`${BASE}/:id/confirm`, analyst, async (req, res) => {
    const { id } = parseOrThrow(confirmationIdParamsSchema, req.params, 'params');
    const body = parseOrThrow(decideConfirmationRequestSchema, req.body ?? {}, 'body');
    res.json(await deps.confirmations.confirm(id, callerOf(req), body.reason ?? null));
  });
  router.post(`${BASE}/:id/reject`, analyst, async (req, res) => {
    const { id } = parseOrThrow(confirmationIdParamsSchema, req.params, 'params');
    const body = parseOrThrow(decideConfirmationRequestSchema, req.body ?? {}, 'body');
    res.json(await deps.confirmations.reject(id, callerOf(req), body.reason ?? null));
  });
  return router;
}
