import { busReplyError, busReplyErrorSchema, type BusReplyError, type Envelope } from '@huntforge/contracts/messages';
import { z } from 'zod';
import type { RequestHandler } from './bus';
import { decodeEnvelope } from './envelope-codec';
import { BusRemoteError, BusTimeoutError } from './errors';
import { jsonCopy } from './json-copy';
import { describeError, type BusLogger } from './logger';

/**
 * What a responder sends back: the handler's result, or the contracts' one refusal shape with the error's
 * name as its code (the shape services use for their own refusals inside a result).
 */
export type ReplyBody = { ok: true; result?: unknown } | BusReplyError;

const replySchema = z.union([z.object({ ok: z.literal(true), result: z.unknown() }), busReplyErrorSchema]);

export function encodeReply(reply: ReplyBody): string {
  return JSON.stringify(reply);
}

export function decodeReply(body: string): ReplyBody {
  try {
    const parsed = replySchema.safeParse(JSON.parse(body));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: a reply that is not JSON is as malformed as one of the wrong shape
  }
  return busReplyError('MalformedReply', 'the responder sent a reply that is not a valid reply body');
}

/** Runs a responder's handler on a request body; never throws. */
export async function answerRequest(
  key: string,
  body: string,
  handler: RequestHandler<unknown, unknown>,
  logger: BusLogger,
): Promise<ReplyBody> {
  const decoded = decodeEnvelope(body);
  if (!decoded.ok) {
    logger.warn({ key, reason: decoded.reason }, 'bus: rejecting malformed request');
    return busReplyError('MalformedRequest', decoded.reason);
  }
  return answerEnvelope(key, decoded.envelope, handler, logger);
}

/** Runs a responder's handler on a request envelope already read (and valid); never throws. */
export async function answerEnvelope(
  key: string,
  envelope: Envelope<unknown>,
  handler: RequestHandler<unknown, unknown>,
  logger: BusLogger,
): Promise<ReplyBody> {
  try {
    return { ok: true, result: await handler(envelope.payload) };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    logger.warn({ key, id: envelope.id, reason: describeError(error) }, 'bus: responder failed');
    return busReplyError(name, describeError(error));
  }
}

/**
 * The reply a requester in this process receives: what `decodeReply(encodeReply(reply))` gives. A result is
 * copied as JSON would copy it (jsonCopy), without the text. The rest goes through the text and the schema: a
 * refusal, whose shape depends on what a handler threw, and a reply whose result JSON leaves out (a handler
 * that returned nothing), which the schema refuses as MalformedReply.
 */
export function copyReply(reply: ReplyBody): ReplyBody {
  if (reply.ok) {
    const copy = jsonCopy(reply) as ReplyBody;
    if ('result' in copy) return copy;
  }
  return decodeReply(encodeReply(reply));
}

interface PendingReply {
  key: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  sent: boolean;
}

/** Requests waiting for their reply, by correlation id, each with its own timeout. */
export class PendingReplies {
  private readonly pending = new Map<string, PendingReply>();

  wait(correlationId: string, key: string, timeoutMs: number): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlationId);
        reject(new BusTimeoutError(key, timeoutMs));
      }, timeoutMs);
      this.pending.set(correlationId, { key, resolve, reject, timer, sent: false });
    });
  }

  markSent(correlationId: string): void {
    const entry = this.pending.get(correlationId);
    if (entry) entry.sent = true;
  }

  /** Delivers a reply; false when nobody waits for it any more (timed out, or a stray). */
  settle(correlationId: string, reply: ReplyBody): boolean {
    const entry = this.take(correlationId);
    if (!entry) return false;
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(new BusRemoteError(entry.key, reply.error.code, reply.error.message));
    return true;
  }

  fail(correlationId: string, error: Error): void {
    this.take(correlationId)?.reject(error);
  }

  /** Fails the requests already sent, whose replies can no longer arrive (their reply channel is gone). */
  failSent(error: Error): void {
    for (const [id, entry] of this.pending) if (entry.sent) this.fail(id, error);
  }

  failAll(error: Error): void {
    for (const id of [...this.pending.keys()]) this.fail(id, error);
  }

  private take(correlationId: string): PendingReply | undefined {
    const entry = this.pending.get(correlationId);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.pending.delete(correlationId);
    return entry;
  }
}
