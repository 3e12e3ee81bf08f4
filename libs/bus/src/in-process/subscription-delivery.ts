import type { Envelope } from '@huntforge/contracts/messages';
import type { MessageHandler } from '../bus';
import type { BusMetrics } from '../bus-metrics';
import { runDelivery, type DeliveryOutcome } from '../delivery';
import type { BusLogger } from '../logger';
import type { RetryPolicy } from '../retry-policy';
import { jsonCopy } from '../json-copy';
import { bodyOf, type Deliver, type InProcessQueue, type QueuedMessage } from './in-process-queue';

export interface SubscriptionDelivery {
  queueName: string;
  queue: InProcessQueue;
  maxAttempts: number;
  retry: RetryPolicy;
  handler: MessageHandler<unknown>;
  logger: BusLogger;
  metrics: BusMetrics;
}

/** What a subscriber's queue does with each message: run the handler, then ack, retry later or dead-letter it. */
export function subscriptionDelivery(subscription: SubscriptionDelivery): Deliver {
  const { queueName, queue, maxAttempts, retry, handler, logger, metrics } = subscription;
  const settle = (message: QueuedMessage, outcome: DeliveryOutcome): void => {
    if (outcome.kind === 'retry') {
      queue.enqueueLater({ ...message, attempt: outcome.nextAttempt }, outcome.delayMs);
    } else if (outcome.kind === 'dead-letter') {
      queue.deadLetter({
        queue: queueName,
        reason: outcome.reason,
        attempts: outcome.attempts,
        deadLetteredAt: new Date().toISOString(),
        body: bodyOf(message),
      });
    }
  };
  const common = { queue: queueName, maxAttempts, retry, handler, logger, metrics };
  return (message) =>
    runDelivery(
      message.envelope
        ? // Each delivery (a retry included) gets its own copy of the message as published.
          { ...common, attempt: message.attempt, envelope: jsonCopy(message.envelope) as Envelope<unknown> }
        : { ...common, attempt: message.attempt, body: message.body },
    ).then((outcome) => settle(message, outcome));
}
