import type { MessageHandler } from '../bus';
import type { BusMetrics } from '../bus-metrics';
import { runDelivery, type DeliveryOutcome } from '../delivery';
import type { BusLogger } from '../logger';
import type { RetryPolicy } from '../retry-policy';
import type { Deliver, InProcessQueue, QueuedMessage } from './in-process-queue';

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
        body: message.body,
      });
    }
  };
  return (message) =>
    runDelivery({
      queue: queueName,
      body: message.body,
      attempt: message.attempt,
      maxAttempts,
      retry,
      handler,
      logger,
      ownEnvelope: message.ownEnvelope,
      metrics,
    }).then((outcome) => settle(message, outcome));
}
