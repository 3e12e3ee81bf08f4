import { randomUUID } from 'node:crypto';
import { envelopeSchema, type Envelope } from '@huntforge/contracts/messages';

let lastMillisecond = 0;
let lastTimestamp = '';

/** ISO timestamp of now; formatted once per millisecond, which matters at 100k+ messages a second. */
function now(): string {
  const millisecond = Date.now();
  if (millisecond !== lastMillisecond) {
    lastMillisecond = millisecond;
    lastTimestamp = new Date(millisecond).toISOString();
  }
  return lastTimestamp;
}

/** A new envelope; a caller-chosen id must be non-empty (consumers dedupe by it, and the schema demands it). */
export function createEnvelope<T>(type: string, payload: T, id?: string): Envelope<T> {
  if (id === '') throw new TypeError('message id must not be empty');
  return { id: id ?? randomUUID(), type, occurredAt: now(), payload };
}

export function encodeEnvelope(envelope: Envelope<unknown>): string {
  return JSON.stringify(envelope);
}

export type DecodedEnvelope = { ok: true; envelope: Envelope<unknown> } | { ok: false; reason: string };

/** Parses and validates a message body; a failure carries a reason fit for a dead-letter header. */
export function decodeEnvelope(body: string): DecodedEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'malformed envelope: body is not JSON' };
  }
  const parsed = envelopeSchema.safeParse(json);
  if (parsed.success) return { ok: true, envelope: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return { ok: false, reason: `malformed envelope: ${problems.join('; ')}` };
}

const maxTopicBytes = 255; // AMQP short string

export function assertValidTopic(topic: string): void {
  if (topic.length === 0) throw new TypeError('topic must not be empty');
  if (Buffer.byteLength(topic) > maxTopicBytes) throw new TypeError(`topic is longer than ${maxTopicBytes} bytes`);
  if (topic.split('.').some((word) => word === '*' || word === '#')) {
    throw new TypeError(`topic "${topic}" contains a wildcard; wildcards belong in subscription patterns`);
  }
}
