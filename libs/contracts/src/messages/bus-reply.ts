import { z } from 'zod';

/**
 * The one shape a bus responder answers with when it cannot give the answer asked for, at both levels: the bus
 * itself (a malformed request or reply, a handler that threw: `code` is the error's name) and a service's own
 * refusal (`validation_error`, `invalid_sigma`, `model_unavailable`, ...). A success is anything with `ok` not
 * false: the bus's own `{ ok: true, result }`, a service's `{ ok: true, ...fields }` or its bare result.
 */
export const busReplyErrorSchema = z
  .object({
    ok: z.literal(false),
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  })
  .meta({ id: 'BusReplyError' });

export type BusReplyError = z.infer<typeof busReplyErrorSchema>;

export function busReplyError(code: string, message: string, details?: unknown): BusReplyError {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}

/** Tells a refusal from an answer (whatever the answer's own shape), narrowing the reply to one or the other. */
export function isBusReplyError<T>(reply: T | BusReplyError): reply is BusReplyError {
  return typeof reply === 'object' && reply !== null && 'ok' in reply && reply.ok === false;
}
