import type { MessageHandler } from './bus';
import type { Envelope } from '@huntforge/contracts/messages';
import { noBusMetrics, type BusMetrics } from './bus-metrics';
import type { DeliveryOutcome } from './delivery-outcome';
import { decodeEnvelope, type DecodedEnvelope } from './envelope-codec';
import { describeError, type BusLogger } from './logger';
import { retryDelayMs, type RetryPolicy } from './retry-policy';

export type { DeliveryOutcome };

interface DeliveryOf {
  queue: string;
  /** 1 for the first delivery. */
  attempt: number;
  maxAttempts: number;
  retry: RetryPolicy;
  handler: MessageHandler<unknown>;
  logger: BusLogger;
  /** Told the outcome of every delivery (none by default). */
  metrics?: BusMetrics;
}

/**
 * A message as received (`body`: decoded and validated here), or an envelope this process built and copied
 * for this delivery alone (in-process bus: `createEnvelope` made it valid, `jsonCopy` made it the consumer's own).
 */
export type Delivery = DeliveryOf & ({ body: string; envelope?: undefined } | { envelope: Envelope<unknown>; body?: undefined });

/**
 * The policy both buses share: decode and validate the envelope, run the handler, and decide what
 * happens to the message. Never throws, so a bad message can never take a consumer down.
 */
export async function runDelivery(delivery: Delivery): Promise<DeliveryOutcome> {
  const { queue, attempt, logger } = delivery;
  const metrics = delivery.metrics ?? noBusMetrics;
  const decoded: DecodedEnvelope = delivery.envelope ? { ok: true, envelope: delivery.envelope } : decodeEnvelope(delivery.body);
  if (!decoded.ok) {
    logger.warn({ queue, reason: decoded.reason }, 'bus: dead-lettering malformed message');
    metrics.delivered(queue, 'dead-letter', null);
    return { kind: 'dead-letter', reason: decoded.reason, attempts: attempt };
  }
  const started = performance.now();
  const outcome = await handle(delivery, decoded.envelope);
  metrics.delivered(queue, outcome.kind, (performance.now() - started) / 1000);
  return outcome;
}

async function handle(delivery: Delivery, envelope: Envelope<unknown>): Promise<DeliveryOutcome> {
  const { queue, attempt, maxAttempts, logger } = delivery;
  const { id, type } = envelope;
  try {
    await delivery.handler(envelope);
    return { kind: 'ack' };
  } catch (error) {
    const reason = describeError(error);
    if (attempt >= maxAttempts) {
      logger.error({ queue, id, type, attempt, reason }, 'bus: handler failed on the last attempt; dead-lettering');
      return { kind: 'dead-letter', reason: `handler failed after ${attempt} attempts: ${reason}`, attempts: attempt };
    }
    const delayMs = retryDelayMs(attempt, delivery.retry);
    logger.warn({ queue, id, type, attempt, delayMs, reason }, 'bus: handler failed; retrying');
    return { kind: 'retry', nextAttempt: attempt + 1, delayMs, reason };
  }
}
