import type { MessageHandler } from './bus';
import type { Envelope } from '@huntforge/contracts/messages';
import { noBusMetrics, type BusMetrics } from './bus-metrics';
import type { DeliveryOutcome } from './delivery-outcome';
import { decodeEnvelope, decodeOwnEnvelope } from './envelope-codec';
import { describeError, type BusLogger } from './logger';
import { retryDelayMs, type RetryPolicy } from './retry-policy';

export type { DeliveryOutcome };

export interface Delivery {
  queue: string;
  body: string;
  /** 1 for the first delivery. */
  attempt: number;
  maxAttempts: number;
  retry: RetryPolicy;
  handler: MessageHandler<unknown>;
  logger: BusLogger;
  /** The body was encoded in this process by `publish` (in-process bus): skip re-validating it. */
  ownEnvelope?: boolean;
  /** Told the outcome of every delivery (none by default). */
  metrics?: BusMetrics;
}

/**
 * The policy both buses share: decode and validate the envelope, run the handler, and decide what
 * happens to the message. Never throws, so a bad message can never take a consumer down.
 */
export async function runDelivery(delivery: Delivery): Promise<DeliveryOutcome> {
  const { queue, attempt, logger } = delivery;
  const metrics = delivery.metrics ?? noBusMetrics;
  const decoded = delivery.ownEnvelope ? decodeOwnEnvelope(delivery.body) : decodeEnvelope(delivery.body);
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
