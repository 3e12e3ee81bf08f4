import type { ConsumeMessage, Options } from 'amqplib';
import type { MessageHandler, RequestHandler } from '../bus';
import type { BusMetrics } from '../bus-metrics';
import { runDelivery } from '../delivery';
import type { BusLogger } from '../logger';
import { answerRequest, encodeReply } from '../request-reply';
import { retryDelaysFor, type RetryPolicy } from '../retry-policy';
import { attemptOf, originalTopicOf } from './message-headers';
import type { ConsumerSpec } from './rabbit-consumer';
import type { RabbitPublisher } from './rabbit-publisher';
import { busHeaders, declareRequestQueue, declareSubscription, requestQueueName, subscriptionQueueNames, type Topology } from './topology';

export const contentType = 'application/json';

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Moves a delivered message to another queue (a retry or dead-letter queue), confirmed, with extra headers. */
function forward(
  publisher: RabbitPublisher,
  message: ConsumeMessage,
  queue: string,
  headers: Record<string, string | number>,
): Promise<void> {
  const options: Options.Publish = {
    persistent: true,
    contentType,
    messageId: stringOrUndefined(message.properties.messageId),
    type: stringOrUndefined(message.properties.type),
    headers: { ...message.properties.headers, ...headers },
  };
  return publisher.publish({ exchange: '', routingKey: queue }, message.content, options);
}

export interface SubscriptionSettings {
  topology: Topology;
  queue: string;
  patterns: readonly string[];
  prefetch: number;
  maxAttempts: number;
  retry: RetryPolicy;
  handler: MessageHandler<unknown>;
  publisher: RabbitPublisher;
  logger: BusLogger;
  metrics: BusMetrics;
}

/**
 * A subscription: run the shared delivery policy, then ack — after forwarding the message to its
 * retry queue (with the next attempt number) or to its dead-letter queue (with the reason) when the
 * policy says so. Forwarding is confirmed before the ack, so a crash in between duplicates, never loses.
 */
export function subscriptionSpec(settings: SubscriptionSettings): ConsumerSpec {
  const { topology, queue, patterns, maxAttempts, retry, handler, publisher, logger, metrics } = settings;
  const names = subscriptionQueueNames(topology, queue);
  const retryDelays = retryDelaysFor(maxAttempts, retry);
  return {
    name: queue,
    queue: names.main,
    prefetch: settings.prefetch,
    declare: (channel) => declareSubscription(channel, topology, names, patterns, retryDelays),
    handle: async (message, context) => {
      const outcome = await runDelivery({
        queue,
        body: message.content.toString('utf8'),
        attempt: attemptOf(message),
        maxAttempts,
        retry,
        handler,
        logger,
        metrics,
      });
      // Its channel is gone: the broker redelivers the message, so forwarding it too would duplicate it.
      if (!context.channelOpen()) return;
      if (outcome.kind === 'retry') {
        await forward(publisher, message, names.retry(outcome.delayMs), {
          [busHeaders.attempt]: outcome.nextAttempt,
          [busHeaders.topic]: originalTopicOf(message),
        });
      } else if (outcome.kind === 'dead-letter') {
        await forward(publisher, message, names.dead, {
          [busHeaders.reason]: outcome.reason,
          [busHeaders.attempts]: outcome.attempts,
          [busHeaders.deadLetteredAt]: new Date().toISOString(),
          [busHeaders.queue]: queue,
          [busHeaders.topic]: originalTopicOf(message),
        });
      }
      context.ack();
    },
  };
}

/** A responder: answer each request on its reply-to address (errors included), then ack. Never retried. */
export function responderSpec(
  topology: Topology,
  key: string,
  prefetch: number,
  handler: RequestHandler<unknown, unknown>,
  logger: BusLogger,
): ConsumerSpec {
  const queue = requestQueueName(topology, key);
  return {
    name: `request ${key}`,
    queue,
    prefetch,
    declare: (channel) => declareRequestQueue(channel, topology, queue),
    handle: async (message, context) => {
      const reply = await answerRequest(key, message.content.toString('utf8'), handler, logger);
      const replyTo: unknown = message.properties.replyTo;
      const correlationId: unknown = message.properties.correlationId;
      if (typeof replyTo === 'string' && typeof correlationId === 'string' && context.channelOpen()) {
        context.channel.sendToQueue(replyTo, Buffer.from(encodeReply(reply)), { correlationId, contentType });
      }
      context.ack();
    },
  };
}
